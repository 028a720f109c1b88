// The database was out of reach for a statement (every pooled connection busy past the wait, or
// the connection cut under it by a restart or failover): nothing was wrong with the statement, and
// the same one a moment later normally succeeds. Requests answer 503 + Retry-After for it.
const unavailableCodes = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006']);
const unavailableMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

// How long a cut statement waits to see whether the process's own stop began: a Ctrl-C in a
// terminal reaches the embedded database too, which may end connections a moment before our
// own signal handler runs.
export const ownStopGraceMs = 1_000;

// For background work (sweeps): a failure because the process is stopping is a stop, not a
// failure worth logging. Once our stop has begun, a sweep still running meets a closed pool
// ("Cannot use a pool after calling end"); before it, a statement cut by the database going away
// waits out the grace to see whether our stop follows. Anything else is reported at once.
export function reportUnlessStopping(
  error: unknown,
  isStopping: () => boolean,
  report: () => void,
) {
  if (isStopping()) return;
  if (!isDatabaseUnavailable(error)) {
    report();
    return;
  }
  setTimeout(() => {
    if (!isStopping()) report();
  }, ownStopGraceMs).unref();
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (
      typeof message === 'string' &&
      unavailableMessages.some((text) => message.startsWith(text))
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}
