import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export type ThrottleResult = { allowed: boolean; retryAfterSeconds: number };

// One atomic statement per attempt, so every instance sharing the database shares the count.
export async function consumeThrottle(
  db: Database,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<ThrottleResult> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into throttles (key, count, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when throttles.window_ends_at <= now() then 1 else throttles.count + 1 end,
      window_ends_at = case when throttles.window_ends_at <= now()
        then now() + make_interval(secs => ${windowSeconds}) else throttles.window_ends_at end
    returning count, ceil(extract(epoch from window_ends_at - now()))::int as retry_after
  `);
  const row = result.rows[0]!;
  return { allowed: row.count <= max, retryAfterSeconds: Math.max(1, row.retry_after) };
}
