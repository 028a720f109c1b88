import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { requireDeclaredAccess } from './access';

describe('requireDeclaredAccess', () => {
  test('when an API route does not declare who may call it, then the app refuses to start', async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    expect(() => app.get('/api/secret', async () => 'x')).toThrow(
      'Route GET /api/secret does not declare who may call it',
    );
    await app.close();
  });

  test('when an API route declares its access, then it is registered', async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    app.get('/api/open', { config: { access: 'public' } }, async () => 'ok');
    const response = await app.inject({ method: 'GET', url: '/api/open' });
    expect(response.body).toBe('ok');
    await app.close();
  });
});
