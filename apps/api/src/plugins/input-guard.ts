import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

// No request we accept nests anywhere near this deep; a body that does is an attack on the
// recursive code that reads it later (validation, JSON.stringify, the database driver).
export const maxJsonDepth = 64;

export const nulFieldMessage =
  'This contains a NUL character (\\u0000), which is not allowed in text.';

type JsonParser = (
  request: unknown,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

// Every JSON body, on every route (better-auth's included), is checked here once, before any
// route sees it: too deep is refused before parsing, and text with a NUL byte (PostgreSQL cannot
// store it, so it would otherwise fail as a 500 deep inside a query) is refused with its field.
// Query strings and path parameters get the same NUL check.
export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const depthError = depthErrorOf(text);
    if (depthError) return done(depthError, undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const nulError = nulErrorOf(value);
      if (nulError) return done(nulError, undefined);
      done(null, value);
    });
  });
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const nulError = nulErrorOf(body);
    if (nulError) return done(nulError, undefined);
    done(null, body);
  });

  app.addHook('preValidation', async (request) => {
    const nulError = nulErrorOf(request.query) ?? nulErrorOf(request.params);
    if (nulError) throw nulError;
  });
}

export function depthErrorOf(text: string): AppError | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > maxJsonDepth) {
        return new AppError(
          'invalid_json',
          `The request body is nested too deeply (more than ${maxJsonDepth} levels).`,
        );
      }
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return undefined;
}

// Names every field (as a dotted path, like the validation errors) whose text or key holds a NUL.
export function nulErrorOf(value: unknown): AppError | undefined {
  const fields: Record<string, string> = {};
  collectNulFields(value, '', fields, 0);
  const names = Object.keys(fields);
  if (names.length === 0) return undefined;
  return new AppError(
    'validation_error',
    `Please check these fields: ${names.join(', ')}.`,
    fields,
  );
}

function collectNulFields(
  value: unknown,
  path: string,
  fields: Record<string, string>,
  depth: number,
) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) fields[path || 'body'] = nulFieldMessage;
    return;
  }
  // Bodies are depth-checked before parsing; this bound covers values that came another way.
  if (typeof value !== 'object' || value === null || depth > maxJsonDepth) return;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const name = String(key).replaceAll('\u0000', '\\u0000');
    const itemPath = path ? `${path}.${name}` : name;
    if (name !== String(key)) fields[itemPath] = nulFieldMessage;
    collectNulFields(item, itemPath, fields, depth + 1);
  }
}
