import { contactConfirmation } from '@askwell/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';

const validMessage = {
  name: 'Dana Scully',
  email: 'Dana.Scully@Acme-Health.example',
  company: 'Acme Health',
  message: 'We would like a demo for our patient support team.',
};

describe('POST /api/contact', () => {
  let context: TestContext;
  let clientIp = 0;
  const nextIp = () => `10.0.0.${++clientIp}`;
  const storedRows = async () =>
    (await context.database.pool.query('select * from contact_messages order by created_at')).rows;

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());
  beforeEach(async () => {
    await context.database.pool.query('delete from contact_messages');
  });

  test('when the form is valid, then the message is stored and confirmed', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: validMessage,
      remoteAddress: nextIp(),
      headers: { 'user-agent': 'vitest' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; message: string }>();
    expect(body.message).toBe(contactConfirmation);
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      name: 'Dana Scully',
      email: 'dana.scully@acme-health.example',
      company: 'Acme Health',
      user_agent: 'vitest',
    });
  });

  test('when every field is missing, then each field gets its own message and nothing is stored', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_error',
        message: 'Please check these fields: name, email, company, message.',
        fields: {
          name: 'Please enter your name.',
          email: 'Please enter your work email.',
          company: 'Please enter your company.',
          message: 'Please tell us how we can help.',
        },
      },
    });
    expect(await storedRows()).toHaveLength(0);
  });

  test.each([
    ['not-an-email', 'Please enter a valid email address.'],
    ['someone@gmail.com', 'Please use your work email address.'],
  ])('when the email is %s, then it is refused with "%s"', async (email, message) => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...validMessage, email },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ email: message });
    expect(await storedRows()).toHaveLength(0);
  });

  test('when fields are blank or too long, then they are refused', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...validMessage, name: '   ', message: 'x'.repeat(5001) },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      name: 'Please enter your name.',
      message: 'Message must be at most 5000 characters.',
    });
  });

  test('when the body is not JSON, then it is refused as invalid JSON', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
  });

  test('when one address sends a sixth message within ten minutes, then it is told when to retry', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      const accepted = await context.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: validMessage,
        remoteAddress: ip,
      });
      expect(accepted.statusCode).toBe(201);
    }
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: validMessage,
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Please try again in 10 minutes.',
    });
    expect(await storedRows()).toHaveLength(5);

    const otherVisitor = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: validMessage,
      remoteAddress: nextIp(),
    });
    expect(otherVisitor.statusCode).toBe(201);
  });
});
