import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ownStopGraceMs, reportUnlessStopping } from './unavailable';

// What PostgreSQL sends a connection it ends because it is shutting down (a Ctrl-C reaches the
// embedded server too), as drizzle wraps it.
function cutStatement() {
  const cause = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
  return new Error('Failed query: update "users" set …', { cause });
}

describe('background work meeting a stopping database', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('when a sweep statement is cut and the process is stopping, then nothing is reported', () => {
    const report = vi.fn();
    let stopping = false;
    reportUnlessStopping(cutStatement(), () => stopping, report);
    stopping = true;
    vi.advanceTimersByTime(ownStopGraceMs);
    expect(report).not.toHaveBeenCalled();
  });

  test('when a sweep statement is cut and no stop follows, then it is reported after the grace', () => {
    const report = vi.fn();
    reportUnlessStopping(cutStatement(), () => false, report);
    expect(report).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ownStopGraceMs);
    expect(report).toHaveBeenCalledTimes(1);
  });

  test('when a sweep fails for another reason while running, then it is reported at once', () => {
    const report = vi.fn();
    reportUnlessStopping(new Error('column "x" does not exist'), () => false, report);
    expect(report).toHaveBeenCalledTimes(1);
  });

  test('when a sweep outlives the start of our stop, then its failure on the closed pool is not reported', () => {
    const report = vi.fn();
    reportUnlessStopping(
      new Error('Cannot use a pool after calling end on the pool'),
      () => true,
      report,
    );
    vi.advanceTimersByTime(ownStopGraceMs);
    expect(report).not.toHaveBeenCalled();
  });
});
