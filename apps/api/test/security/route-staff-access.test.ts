import {
  adminSections,
  hasPermissions,
  roles,
  type AdminSectionKey,
  type Role,
} from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { permissionsOf } from '../../src/modules/auth/profile';
import type { RouteEntry } from '../../src/plugins/route-table';
import { createTestApp, type TestContext } from '../helper';
import { BrowserClient } from '../support/browser-client';
import { signInStaff, signUpCustomer } from '../support/customers';
import { startSmtpSink } from '../support/smtp-sink';

// Every staff route × every role and a signed-out caller, generated from the route table: the
// status each gets follows from the route's declared access, and the declaration from the spec's
// table of admin areas (§6). A new /api/admin route is covered the moment it is registered.
type Caller = Role | 'signed_out';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const browsers = new Map<Caller, BrowserClient>();
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  for (const [index, role] of (
    ['super_admin', 'sales_manager', 'support_team'] as const
  ).entries()) {
    const { browser } = await signInStaff(context, {
      role,
      email: `${role}@matrix.test`,
      password: 'staff password 123',
      ip: `10.78.0.${index + 1}`,
    });
    browsers.set(role, browser);
  }
  browsers.set('user', await signUpCustomer(context, sink, 'user@matrix.test', '10.78.0.9'));
  browsers.set('signed_out', new BrowserClient(context.app, '10.78.0.10'));
}, 120_000);
afterAll(async () => {
  await context?.close();
  await sink?.close();
});

function staffRoutes() {
  return context.app.routeTable.filter(
    (route) =>
      route.url.startsWith('/api/admin') ||
      (typeof route.access === 'object' && route.access !== null),
  );
}

// /api/admin/<area>/… belongs to the admin area of that name; the overview is the dashboard's.
function sectionOf(route: RouteEntry): AdminSectionKey | undefined {
  const segment = route.url.split('/')[3] === 'overview' ? 'dashboard' : route.url.split('/')[3];
  return adminSections.find((section) => section.key === segment)?.key;
}

async function expectedStatus(route: RouteEntry, caller: Caller) {
  if (caller === 'signed_out') return 'unauthorized';
  const access = route.access;
  if (typeof access !== 'object') return 'allowed';
  if (!(access.staff as readonly string[]).includes(caller)) return 'forbidden';
  const held = await permissionsOf(context.database.db, caller);
  return hasPermissions(caller, held, access.permissions ?? []) ? 'allowed' : 'forbidden';
}

describe('role × staff-route matrix', () => {
  test('when the route table is read, then every /api/admin route declares staff roles that match its admin area in the spec', () => {
    const routes = staffRoutes();
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/admin/overview',
        '/api/admin/users',
        '/api/admin/roles',
        '/api/admin/roles/:roleId/permissions',
        '/api/admin/settings/general',
        '/api/admin/settings/security',
        '/api/admin/tickets',
        '/api/admin/tickets/:ticketNumber/assignee',
      ]),
    );
    for (const route of routes.filter((entry) => entry.url.startsWith('/api/admin'))) {
      const label = `${route.method} ${route.url}`;
      expect(typeof route.access, `${label} must declare staff roles`).toBe('object');
      const section = sectionOf(route);
      if (section && typeof route.access === 'object') {
        const declared = [...route.access.staff].sort();
        const spec = [...adminSections.find((entry) => entry.key === section)!.roles].sort();
        // A route may be narrower than its area (a super_admin-only action), never wider.
        expect(
          declared.every((role) => spec.includes(role)),
          `${label} allows ${declared.join(', ')}; the ${section} area allows ${spec.join(', ')}`,
        ).toBe(true);
      }
    }
  });

  test('when each role and a signed-out visitor call every staff route, then each gets what the route declares', async () => {
    const failures: string[] = [];
    for (const route of staffRoutes()) {
      const url = route.url.replace(/:(\w+)/g, missingId);
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      for (const caller of [...roles, 'signed_out'] as const) {
        const expected = await expectedStatus(route, caller);
        const response = await browsers.get(caller)!.request(route.method as 'GET', url, payload);
        const label = `${caller} ${route.method} ${route.url} → ${response.statusCode}`;
        // A download (the audit log's CSV) answers with its file, not JSON.
        const code = String(response.headers['content-type']).includes('json')
          ? response.json<{ error?: { code: string } }>().error?.code
          : undefined;
        if (expected === 'unauthorized' && response.statusCode !== 401) {
          failures.push(`${label}: expected 401`);
        } else if (
          expected === 'forbidden' &&
          (response.statusCode !== 403 || code !== 'forbidden')
        ) {
          failures.push(`${label}: expected 403 forbidden`);
        } else if (expected === 'allowed') {
          const ok =
            route.method === 'GET' && route.params.length === 0
              ? response.statusCode === 200
              : response.statusCode < 500 && ![401, 403].includes(response.statusCode);
          if (!ok) failures.push(`${label}: expected to be let through`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
