import generatedDocument from '@askwell/shared/public-api.openapi.json';

// The parts of JSON Schema and OpenAPI 3.1 the generated document uses.
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  description?: string;
  // Partial: in the JSON's inferred type, a property another schema of a union has is `undefined`.
  properties?: Partial<Record<string, JsonSchema>>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

type MediaTypes = Record<string, { schema: JsonSchema }>;

export type ApiOperation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  requestBody?: { content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes }>;
};

export type OpenApiDocument = {
  info: { title: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, ApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
};

export type ApiField = { name: string; type: string; required: boolean; description: string };

// Generated from the API's routes by apps/api/test/chat-api.test.ts, which fails when it is stale.
export const publicApiDocument: OpenApiDocument = generatedDocument;

const referencePrefix = '#/components/schemas/';

export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const resolved = document.components.schemas[schema.$ref.replace(referencePrefix, '')];
  if (!resolved) throw new Error(`The API document has no schema ${schema.$ref}.`);
  return resolveSchema(document, resolved);
}

export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.replace(referencePrefix, '');
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeLabel).join(' or ');
  if (schema.type === 'array' && schema.items) return `array of ${typeLabel(schema.items)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return schema.type ?? 'any';
}

export function fieldsOf(document: OpenApiDocument, schema: JsonSchema): ApiField[] {
  const object = resolveSchema(document, schema);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) =>
    property
      ? [
          {
            name,
            type: typeLabel(property),
            required: required.has(name),
            description: property.description ?? '',
          },
        ]
      : [],
  );
}

export type LocatedOperation = ApiOperation & { method: string; path: string };

export function operations(document: OpenApiDocument): LocatedOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      ...operation,
      method: method.toUpperCase(),
      path,
    })),
  );
}

export function operationById(document: OpenApiDocument, operationId: string) {
  const found = operations(document).find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`The API document has no operation ${operationId}.`);
  return found;
}

export function jsonSchemaOf(content: MediaTypes | undefined) {
  const schema = content?.['application/json']?.schema;
  if (!schema) throw new Error('The operation has no JSON content.');
  return schema;
}

export function errorResponses(operation: ApiOperation) {
  return Object.entries(operation.responses)
    .filter(([status]) => Number(status) >= 400)
    .map(([status, response]) => ({ status, description: response.description }));
}
