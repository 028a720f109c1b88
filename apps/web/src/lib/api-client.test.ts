import { describe, expect, it } from 'vitest';

import { apiErrorFrom, parseJson } from './api-client';

describe('apiErrorFrom', () => {
  it('when the server sent its error body, then the error carries its code, message and fields', () => {
    const payload = parseJson(
      '{"error":{"code":"validation_failed","message":"Check the form.","fields":{"name":"Required"}}}',
    );
    const error = apiErrorFrom(400, payload);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the form.',
      fields: { name: 'Required' },
    });
  });

  it('when a proxy answered with an HTML page, then the error says the given fallback', () => {
    const error = apiErrorFrom(502, parseJson('<html>Bad gateway</html>'), 'The upload failed.');
    expect(error).toMatchObject({
      status: 502,
      code: 'UNEXPECTED_RESPONSE',
      message: 'The upload failed.',
    });
  });
});
