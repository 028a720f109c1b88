import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/app-error';
import { UploadAllowance } from './upload-allowance';

const options = { parallel: 2, bytes: 1000, windowMs: 60_000 };

function refusal(action: () => unknown) {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the upload was allowed');
}

describe('the upload allowance of an account', () => {
  test('when more uploads run at once than allowed, then the next is refused until one finishes', () => {
    const allowance = new UploadAllowance(options);
    const first = allowance.claim('u1', 10);
    allowance.claim('u1', 10);
    const refused = refusal(() => allowance.claim('u1', 10));
    expect(refused).toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    expect(() => allowance.claim('u2', 10)).not.toThrow();
    first(10);
    expect(() => allowance.claim('u1', 10)).not.toThrow();
  });

  test('when many small files are uploaded one after another, then none is refused', () => {
    const allowance = new UploadAllowance(options);
    for (let index = 0; index < 90; index++) allowance.claim('u1', 10)(10);
  });

  test('when the account has sent its bytes for the hour, then it is told when it may go on', () => {
    const allowance = new UploadAllowance(options);
    const start = Date.now();
    allowance.claim('u1', 600, start)(600);
    allowance.claim('u1', 300, start)(300);
    const refused = refusal(() => allowance.claim('u1', 200, start + 1000));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers!['retry-after'])).toBeGreaterThan(50);
    expect(() => allowance.claim('u1', 200, start + 61_000)).not.toThrow();
  });
});
