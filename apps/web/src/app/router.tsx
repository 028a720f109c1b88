import type { AdminSectionKey } from '@askwell/shared';
import { data, RouterProvider, type createBrowserRouter, type RouteObject } from 'react-router';

import {
  AdminErrorBoundary,
  DashboardErrorBoundary,
} from '@/components/errors/area-error-boundaries';
import { ErrorScreen } from '@/components/errors/error-screen';

import { marketingArea, siteRoot } from './public-routes';

// The dashboard and back office (their layouts, guards and data code) load only when opened, so
// the public pages ship none of it.
function adminSectionGuard(section: AdminSectionKey): Pick<RouteObject, 'lazy'> {
  return {
    lazy: () =>
      import('@/lib/authorization').then(({ RequireAdmin }) => ({
        Component: () => <RequireAdmin section={section} />,
      })),
  };
}

function throwNotFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

// Every page is its own chunk, loaded when opened.
export const routes: RouteObject[] = [
  {
    ...siteRoot,
    children: [
      marketingArea({ path: '*', loader: throwNotFound, Component: throwNotFound }),
      {
        lazy: () => import('./routes/auth/layout').then((m) => ({ Component: m.AuthShell })),
        children: [
          {
            ErrorBoundary: ErrorScreen,
            children: [
              {
                path: 'login',
                lazy: () =>
                  import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
              },
              {
                path: 'register',
                lazy: () =>
                  import('./routes/auth/register').then((m) => ({ Component: m.RegisterRoute })),
              },
              {
                path: 'admin/login',
                lazy: () =>
                  import('./routes/auth/admin-login').then((m) => ({
                    Component: m.AdminLoginRoute,
                  })),
              },
              {
                path: 'admin/unauthorized',
                lazy: () =>
                  import('./routes/public/unauthorized').then((m) => ({
                    Component: m.UnauthorizedRoute,
                  })),
              },
              {
                path: 'verify-email',
                lazy: () =>
                  import('./routes/auth/verify-email').then((m) => ({
                    Component: m.VerifyEmailRoute,
                  })),
              },
              {
                path: 'forgot-password',
                lazy: () =>
                  import('./routes/auth/forgot-password').then((m) => ({
                    Component: m.ForgotPasswordRoute,
                  })),
              },
              {
                path: 'reset-password',
                lazy: () =>
                  import('./routes/auth/reset-password').then((m) => ({
                    Component: m.ResetPasswordRoute,
                  })),
              },
            ],
          },
        ],
      },
      {
        lazy: () =>
          import('./routes/dashboard/signed-in').then((m) => ({ Component: m.SignedInShell })),
        children: [
          {
            path: 'dashboard',
            lazy: () =>
              import('@/components/layouts/dashboard-layout').then((m) => ({
                Component: m.DashboardLayout,
              })),
            ErrorBoundary: DashboardErrorBoundary,
            children: [
              {
                index: true,
                lazy: () =>
                  import('./routes/dashboard/dashboard').then((m) => ({
                    Component: m.DashboardRoute,
                  })),
              },
              {
                path: 'bots',
                lazy: () =>
                  import('./routes/dashboard/bots').then((m) => ({ Component: m.BotsRoute })),
              },
              {
                path: 'bots/:botId',
                lazy: () =>
                  import('./routes/dashboard/bot-editor').then((m) => ({
                    Component: m.BotEditorRoute,
                  })),
              },
              {
                path: 'documents',
                lazy: () =>
                  import('./routes/dashboard/documents').then((m) => ({
                    Component: m.DocumentsRoute,
                  })),
              },
              {
                path: 'integration',
                lazy: () =>
                  import('./routes/dashboard/integration').then((m) => ({
                    Component: m.IntegrationRoute,
                  })),
              },
              {
                path: 'conversations/:conversationId?',
                lazy: () =>
                  import('./routes/dashboard/conversations').then((m) => ({
                    Component: m.ConversationsRoute,
                  })),
              },
              {
                path: 'leads',
                lazy: () =>
                  import('./routes/dashboard/leads').then((m) => ({ Component: m.LeadsRoute })),
              },
              {
                path: 'analytics',
                lazy: () =>
                  import('./routes/dashboard/analytics').then((m) => ({
                    Component: m.AnalyticsRoute,
                  })),
              },
              {
                path: 'settings',
                lazy: () =>
                  import('./routes/dashboard/settings').then((m) => ({
                    Component: m.SettingsRoute,
                  })),
              },
              {
                path: 'help',
                lazy: () =>
                  import('./routes/dashboard/help').then((m) => ({ Component: m.HelpRoute })),
              },
              {
                path: 'help/new',
                lazy: () =>
                  import('./routes/dashboard/help-new').then((m) => ({
                    Component: m.HelpNewRoute,
                  })),
              },
              {
                path: 'help/:ticketNumber',
                lazy: () =>
                  import('./routes/dashboard/help-ticket').then((m) => ({
                    Component: m.HelpTicketRoute,
                  })),
              },
              { path: '*', loader: throwNotFound, Component: throwNotFound },
            ],
          },
          {
            path: 'admin',
            lazy: () => import('./routes/admin/layout').then((m) => ({ Component: m.AdminShell })),
            ErrorBoundary: AdminErrorBoundary,
            children: [
              {
                index: true,
                lazy: () =>
                  import('./routes/admin/dashboard').then((m) => ({
                    Component: m.AdminDashboardRoute,
                  })),
              },
              {
                path: 'users',
                ...adminSectionGuard('users'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/users').then((m) => ({
                        Component: m.AdminUsersRoute,
                      })),
                  },
                  {
                    path: 'new',
                    lazy: () =>
                      import('./routes/admin/users-new').then((m) => ({
                        Component: m.AdminUsersNewRoute,
                      })),
                  },
                ],
              },
              {
                path: 'chatbots',
                ...adminSectionGuard('chatbots'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/chatbots').then((m) => ({
                        Component: m.AdminChatbotsRoute,
                      })),
                  },
                  {
                    path: ':botId',
                    lazy: () =>
                      import('./routes/admin/chatbot-detail').then((m) => ({
                        Component: m.AdminChatbotDetailRoute,
                      })),
                  },
                ],
              },
              {
                path: 'jobs',
                ...adminSectionGuard('jobs'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/jobs').then((m) => ({
                        Component: m.AdminJobsRoute,
                      })),
                  },
                ],
              },
              {
                path: 'analytics',
                ...adminSectionGuard('analytics'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/analytics').then((m) => ({
                        Component: m.AdminAnalyticsRoute,
                      })),
                  },
                ],
              },
              {
                path: 'tickets',
                ...adminSectionGuard('tickets'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/tickets').then((m) => ({
                        Component: m.AdminTicketsRoute,
                      })),
                  },
                  {
                    path: ':ticketNumber',
                    lazy: () =>
                      import('./routes/admin/ticket-detail').then((m) => ({
                        Component: m.AdminTicketDetailRoute,
                      })),
                  },
                ],
              },
              {
                path: 'logs',
                ...adminSectionGuard('logs'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/logs').then((m) => ({ Component: m.AdminLogsRoute })),
                  },
                ],
              },
              {
                path: 'notifications',
                ...adminSectionGuard('notifications'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/notifications').then((m) => ({
                        Component: m.AdminNotificationsRoute,
                      })),
                  },
                ],
              },
              {
                path: 'roles',
                ...adminSectionGuard('roles'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/roles').then((m) => ({
                        Component: m.AdminRolesRoute,
                      })),
                  },
                ],
              },
              {
                path: 'settings',
                ...adminSectionGuard('settings'),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/settings').then((m) => ({
                        Component: m.AdminSettingsRoute,
                      })),
                  },
                ],
              },
              {
                path: 'profile',
                lazy: () =>
                  import('./routes/admin/profile').then((m) => ({
                    Component: m.AdminProfileRoute,
                  })),
              },
              { path: '*', loader: throwNotFound, Component: throwNotFound },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRouter({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return <RouterProvider router={router} />;
}
