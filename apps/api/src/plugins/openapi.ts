import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ examples: ['unauthorized', 'rate_limited'] }),
      message: z.string(),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('For invalid input: each bad field with what is wrong with it.'),
    }),
  })
  .meta({ id: 'Error' });

// The content form keeps the description next to a reference to the shared Error component.
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

const publicApiTags = {
  chat: 'Chat API',
  widget: 'Widget',
  document: 'OpenAPI document',
} as const;

// A route's group follows from where it lives, so a new route cannot be left out of one.
function tagOf(url: string) {
  if (url.startsWith('/v1/widget/')) return publicApiTags.widget;
  if (url === '/v1/openapi.json') return publicApiTags.document;
  return publicApiTags.chat;
}

// Only the public API (/v1) is described: /api serves Askwell's own web app and changes with it.
const isPublicApiRoute = (url: string, method: string | string[]) =>
  url.startsWith('/v1/') && ![method].flat().includes('OPTIONS');

// Registered before the routes, so that it sees each of them being added.
export async function registerOpenApi(app: FastifyInstance) {
  // Schemas given an id with `.meta({ id })` become named components, referenced by every route
  // that uses them instead of being repeated.
  const transformRoute = createJsonSchemaTransform({});
  const transformDocument = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Askwell public chat API',
        version: '1.0.0',
        description:
          'Ask your Askwell chatbots questions from your own servers and apps. Authenticate with an API key from Settings → API Keys, sent as `Authorization: Bearer <key>`. Answers are grounded in the chatbot’s knowledge and cite their sources.',
      },
      tags: [
        { name: publicApiTags.chat, description: 'Called from your servers with an API key.' },
        {
          name: publicApiTags.widget,
          description:
            'Called by the chat widget (widget.js) from the pages of a chatbot’s allowed domains; no API key.',
        },
        { name: publicApiTags.document, description: 'This document.' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An Askwell API key.' },
        },
      },
    },
    transform: (route) => {
      if (!isPublicApiRoute(route.url, route.route.method)) {
        return { schema: { hide: true }, url: route.url };
      }
      const transformed = transformRoute(route);
      return { ...transformed, schema: { ...transformed.schema, tags: [tagOf(route.url)] } };
    },
    transformObject: (document) => {
      const generated = transformDocument(document);
      if (!('components' in generated)) return generated;
      // Every component is generated twice, as input and as output; only outputs are referenced.
      const schemas = Object.fromEntries(
        Object.entries(generated.components?.schemas ?? {}).filter(
          ([name]) => !name.endsWith('Input'),
        ),
      );
      return { ...generated, components: { ...generated.components, schemas } } as typeof generated;
    },
  });
}

export function publicApiDocument(app: FastifyInstance, baseUrl: string) {
  const document = app.swagger();
  if (!('openapi' in document)) throw new Error('The public API is described in OpenAPI 3.');
  return { ...document, paths: document.paths ?? {}, servers: [{ url: baseUrl }] };
}
