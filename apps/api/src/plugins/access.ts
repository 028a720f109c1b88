import {
  accountSuspendedMessage,
  hasPermissions,
  isStaffRole,
  rolesForSection,
  twoFactorMessages,
  viewAsHeader,
  viewAsMessages,
  type StaffRole,
} from '@askwell/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Auth } from '../modules/auth/auth';
import type { ViewAsTokens } from '../modules/admin/view-as-tokens';
import { findSessionUser, permissionsOf, type SessionUser } from '../modules/auth/profile';

// Who may call a route: anyone; a customer's server with an API key (plugins/api-key-access.ts);
// a web page the bot is allowed on, before (`widgetPage`) or with (`widgetSession`) a visitor
// session (plugins/widget-access.ts); any signed-in (verified) user; or staff with one of the
// listed roles and, optionally, every listed permission. A route without a declared level is a
// start-up error, so no endpoint is ever reachable by accident.
export type RouteAccess =
  | SessionlessAccess
  | 'signed-in'
  | { staff: readonly StaffRole[]; permissions?: readonly string[] };

// Callers who carry no Askwell session; their own plugins check them.
type SessionlessAccess = 'public' | 'apiKey' | 'widgetPage' | 'widgetSession';

function isSessionless(access: RouteAccess): access is SessionlessAccess {
  return typeof access === 'string' && access !== 'signed-in';
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyContextConfig {
    access?: RouteAccess;
    // A 'signed-in' GET that View as customer must not answer: it reveals a secret or hands over
    // data in bulk, which a read-only view for support has no need of.
    viewAs?: false;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function requireDeclaredAccess(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!/^\/(api|v1)(\/|$)/.test(route.url)) return;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare who may call it`,
      );
    }
  });
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
// Who may view a customer's dashboard: whoever may change the account on the Users screen.
const viewAsAccess = { staff: rolesForSection('users'), permissions: ['manage_users'] };

type Options = {
  auth: Auth;
  db: Database;
  publicUrl?: string;
  // Settings → Security: a staff session that must set up TOTP before it may do anything else.
  twoFactorSetupPending?: (user: SessionUser, session: { createdAt: Date }) => Promise<boolean>;
  viewAs: ViewAsTokens;
};

export function enforceAccess(
  app: FastifyInstance,
  { auth, db, publicUrl, twoFactorSetupPending, viewAs }: Options,
) {
  app.decorateRequest('user', null);
  // Every route, whatever its access: better-auth's own routes (sign-out, change password) act on
  // the staff member's session, and a page shown as the customer must not change anything at all.
  app.addHook('onRequest', async (request) => {
    if (request.headers[viewAsHeader] === undefined) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('forbidden', viewAsMessages.readOnly);
    }
  });
  // Before validation: a caller who may not use a route learns nothing of what it accepts.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || isSessionless(access)) return;

    if (!safeMethods.has(request.method)) assertSameOrigin(request, publicUrl);

    const session = await auth.api.getSession({ headers: toHeaders(request) });
    if (!session) throw new AppError('unauthorized', 'Please sign in to continue.');
    if (!session.user.emailVerified) {
      // Spec §4: a session restored for an unverified profile is signed out.
      await auth.api.revokeSession({
        headers: toHeaders(request),
        body: { token: session.session.token },
      });
      throw new AppError('unauthorized', 'Please verify your email address');
    }
    // Suspending deletes the account's sessions; one that outlived it (made in the same instant)
    // ends here.
    if (session.user.suspendedAt) {
      await auth.api.revokeSession({
        headers: toHeaders(request),
        body: { token: session.session.token },
      });
      throw new AppError('unauthorized', accountSuspendedMessage);
    }
    if (await twoFactorSetupPending?.(session.user, session.session)) {
      throw new AppError('two_factor_setup_required', twoFactorMessages.setupRequired);
    }
    request.user = session.user;
    if (access === 'signed-in') {
      const token = request.headers[viewAsHeader];
      if (token !== undefined) request.user = await viewedCustomer(request, token);
      return;
    }

    if (!(access.staff as readonly string[]).includes(session.user.role)) {
      throw new AppError('forbidden', "You don't have permission to access this page.");
    }
    if (access.permissions?.length) {
      const held = await permissionsOf(db, session.user.role);
      if (!hasPermissions(session.user.role, held, access.permissions)) {
        throw new AppError('forbidden', "You don't have permission to access this page.");
      }
    }
  });

  // View as customer: the staff member's request answered as the customer the grant names. Staff
  // routes never get here, so they act as the staff member whatever the header says.
  async function viewedCustomer(request: FastifyRequest, token: string | string[]) {
    const staff = request.user!;
    if (!(viewAsAccess.staff as readonly string[]).includes(staff.role)) {
      throw new AppError('forbidden', viewAsMessages.notAllowed);
    }
    const held = await permissionsOf(db, staff.role);
    if (!hasPermissions(staff.role, held, viewAsAccess.permissions)) {
      throw new AppError('forbidden', viewAsMessages.notAllowed);
    }
    const claims = typeof token === 'string' ? viewAs.verify(token) : null;
    if (!claims || claims.staffId !== staff.id) {
      throw new AppError('forbidden', viewAsMessages.ended);
    }
    if (request.routeOptions.config.viewAs === false) {
      throw new AppError('forbidden', viewAsMessages.hidden);
    }
    const customer = await findSessionUser(db, claims.userId);
    if (!customer) throw new AppError('not_found', viewAsMessages.gone);
    // The role may have changed since the view started.
    if (isStaffRole(customer.role)) throw new AppError('forbidden', viewAsMessages.customersOnly);
    return customer;
  }
}

// Cookie-authenticated writes must come from our own pages. SameSite=Lax stops most cross-site
// posts already; checking Origin also covers same-site subdomains and older browsers.
function assertSameOrigin(request: FastifyRequest, publicUrl?: string) {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  const allowed = new Set([`${request.protocol}://${request.host}`]);
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  if (!origin || !allowed.has(origin)) {
    throw new AppError('forbidden', 'This request did not come from an Askwell page.');
  }
}

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

export function toHeaders(request: FastifyRequest) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}
