import {
  createBrowserRouter,
  data,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  type RouteObject,
} from 'react-router';

import { ErrorScreen } from '@/components/errors/error-screen';
import { RootErrorBoundary } from '@/components/errors/root-error-boundary';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { NavigationProgress } from '@/components/layouts/navigation-progress';
import { ScrollToHash } from '@/components/layouts/scroll-to-hash';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { RequireAdmin, RequireSignedIn } from '@/lib/authorization';

function RootShell() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
      <ScrollToHash />
    </>
  );
}

function MarketingShell() {
  return (
    <MarketingLayout>
      <Outlet />
    </MarketingLayout>
  );
}

function CenteredShell() {
  return (
    <CenteredLayout>
      <Outlet />
    </CenteredLayout>
  );
}

function throwNotFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

// Every page is its own chunk so the home page ships only what it shows.
const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: MarketingShell,
        children: [
          {
            ErrorBoundary: ErrorScreen,
            children: [
              {
                index: true,
                lazy: () =>
                  import('./routes/public/home').then((m) => ({ Component: m.HomeRoute })),
              },
              {
                path: 'features',
                lazy: () =>
                  import('./routes/public/features').then((m) => ({ Component: m.FeaturesRoute })),
              },
              {
                path: 'pricing',
                lazy: () =>
                  import('./routes/public/pricing').then((m) => ({ Component: m.PricingRoute })),
              },
              {
                path: 'contact',
                lazy: () =>
                  import('./routes/public/contact').then((m) => ({ Component: m.ContactRoute })),
              },
              {
                path: 'case-studies',
                lazy: () =>
                  import('./routes/public/case-studies').then((m) => ({
                    Component: m.CaseStudiesRoute,
                  })),
              },
              {
                path: 'docs/api',
                lazy: () =>
                  import('./routes/public/api-reference').then((m) => ({
                    Component: m.ApiReferenceRoute,
                  })),
              },
              {
                path: 'case-studies/:slug',
                lazy: () =>
                  import('./routes/public/case-study').then((m) => ({
                    Component: m.CaseStudyRoute,
                    loader: m.caseStudyLoader,
                  })),
              },
              { path: '*', loader: throwNotFound, Component: throwNotFound },
            ],
          },
        ],
      },
      {
        Component: CenteredShell,
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
        Component: RequireSignedIn,
        children: [
          {
            path: 'dashboard',
            Component: DashboardLayout,
            ErrorBoundary: ErrorScreen,
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
              { path: '*', loader: throwNotFound, Component: throwNotFound },
            ],
          },
          {
            path: 'admin',
            element: (
              <RequireAdmin>
                <AdminLayout />
              </RequireAdmin>
            ),
            ErrorBoundary: ErrorScreen,
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
                element: <RequireAdmin section="users" />,
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/users').then((m) => ({
                        Component: m.AdminUsersRoute,
                      })),
                  },
                ],
              },
              {
                path: 'chatbots',
                lazy: () =>
                  import('./routes/admin/chatbots').then((m) => ({
                    Component: m.AdminChatbotsRoute,
                  })),
              },
              {
                path: 'analytics',
                element: <RequireAdmin section="analytics" />,
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
                element: <RequireAdmin section="tickets" />,
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('./routes/admin/tickets').then((m) => ({
                        Component: m.AdminTicketsRoute,
                      })),
                  },
                ],
              },
              {
                path: 'logs',
                element: <RequireAdmin section="logs" />,
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
                element: <RequireAdmin section="notifications" />,
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
                element: <RequireAdmin section="roles" />,
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
                element: <RequireAdmin section="settings" />,
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

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
