import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';

const redisUrl = process.env.REDIS_URL;
const contact = {
  name: 'Shared Limit',
  email: 'limit@acme.example',
  company: 'Acme',
  message: 'Two instances, one limit please.',
};

// Scale-out: two instances behind one load balancer must enforce one limit together.
describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    first = await createTestApp({ envVars: { REDIS_URL: redisUrl! } });
    second = await createTestApp({ envVars: { REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  test('when one visitor spreads requests over two instances, then the limit counts them all', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const send = (context: TestContext) =>
      context.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact,
        remoteAddress: ip,
      });
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await send(attempt % 2 === 0 ? first : second)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
