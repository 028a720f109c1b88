import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { spawnServer } from '../scripts/spawn-server';

const connections = 50;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);

// The ceiling for every later benchmark: the cheapest real endpoint (one `select 1`) through the
// whole production stack (helmet, error handling, database pool) under 50 concurrent connections.
export async function runHttpHealthBenchmark() {
  const server = await spawnServer({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    AUTH_SECRET: randomBytes(32).toString('hex'),
  });
  try {
    const url = `${server.baseUrl}/api/health`;
    await autocannon({ url, connections, duration: 2 });
    const result = await autocannon({ url, connections, duration: durationSeconds });
    return {
      endpoint: 'GET /api/health',
      connections,
      duration_s: durationSeconds,
      requests: result.requests.total,
      requests_per_s: Math.round(result.requests.average),
      latency_ms: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      errors: result.errors + result.timeouts,
      non_2xx: result.non2xx,
    };
  } finally {
    await server.stop();
  }
}
