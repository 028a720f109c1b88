// The database was out of reach for a statement (every pooled connection busy past the wait, or
// the connection cut under it by a restart or failover): nothing was wrong with the statement, and
// the same one a moment later normally succeeds. Requests answer 503 + Retry-After for it.
const unavailableCodes = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006']);
const unavailableMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

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
