import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { RouteAccess } from './access';

export type RouteEntry = {
  method: HTTPMethods;
  url: string;
  access: RouteAccess | undefined;
  // Path parameter names, in order (`/api/bots/:botId/sources/:sourceId` → botId, sourceId).
  params: string[];
  hasBodySchema: boolean;
  // Status codes whose answer the route describes (and the serializer enforces).
  responseStatuses: string[];
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

// Every route as it was declared, so the security suite covers a new route without a new test.
export function recordRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods as HTTPMethods[]) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({
        method,
        url: route.url,
        access: (route.config as { access?: RouteAccess } | undefined)?.access,
        params: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
        hasBodySchema: Boolean(route.schema?.body),
        responseStatuses: Object.keys(route.schema?.response ?? {}),
      });
    }
  });
}
