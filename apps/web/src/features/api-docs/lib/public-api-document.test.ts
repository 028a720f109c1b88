import { describe, expect, test } from 'vitest';

import {
  errorResponses,
  fieldsOf,
  jsonSchemaOf,
  operationById,
  operations,
  publicApiDocument,
  resolveSchema,
} from './public-api-document';

const chat = operationById(publicApiDocument, 'chat');

describe('the API reference read from the generated OpenAPI document', () => {
  test('when the request body of POST /v1/chat is listed, then each field has its type and whether it is required', () => {
    const fields = fieldsOf(publicApiDocument, jsonSchemaOf(chat.requestBody?.content));

    expect(fields.map(({ name, type, required }) => ({ name, type, required }))).toEqual([
      { name: 'botId', type: 'string', required: true },
      { name: 'message', type: 'string', required: true },
      { name: 'sessionId', type: 'string', required: false },
      { name: 'stream', type: 'boolean', required: false },
    ]);
    expect(fields.find((field) => field.name === 'message')?.description).toMatch(/4,000/);
  });

  test('when the answer is listed, then nullable and list fields read as such', () => {
    const answer = fieldsOf(publicApiDocument, jsonSchemaOf(chat.responses['200']?.content));
    const source = fieldsOf(publicApiDocument, { $ref: '#/components/schemas/ChatSource' });

    expect(answer.find((field) => field.name === 'sources')?.type).toBe('array of ChatSource');
    expect(source.find((field) => field.name === 'page')?.type).toBe('integer or null');
    expect(source.find((field) => field.name === 'url')?.type).toBe('string or null');
  });

  test('when the errors are listed, then every status names its error code', () => {
    const errors = errorResponses(chat);

    expect(errors.map((error) => error.status)).toEqual([
      '400',
      '401',
      '402',
      '403',
      '404',
      '413',
      '429',
      '500',
      '503',
    ]);
    for (const error of errors) expect(error.description).toMatch(/^`[a-z_]+`/);
  });

  test('when the widget endpoints are listed, then they are there with their methods', () => {
    const widget = operations(publicApiDocument).filter((operation) =>
      operation.tags?.includes('Widget'),
    );

    expect(widget).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/v1/widget/bots/{botId}/messages' }),
    );
  });

  test('when a schema is referenced that the document lacks, then reading it fails loudly', () => {
    expect(() =>
      resolveSchema(publicApiDocument, { $ref: '#/components/schemas/Missing' }),
    ).toThrow(/Missing/);
  });
});
