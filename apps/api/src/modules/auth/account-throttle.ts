import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type TakeResult = { allowed: boolean; count: number; retryAfterSeconds: number };

// Counters keyed by account (and by account and address) live in PostgreSQL, in the same
// `throttles` table as the other per-account limits, so every instance sharing the database
// counts together whether or not Redis is configured.
export class AccountThrottle {
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  // One atomic statement per attempt (as lib/throttle), also saying how many came before.
  async take(key: string, max: number, windowSeconds: number): Promise<TakeResult> {
    const result = await this.db.execute<{ count: number; retry_after: number }>(sql`
      insert into throttles (key, count, window_ends_at)
      values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when throttles.window_ends_at <= now() then 1 else throttles.count + 1 end,
        window_ends_at = case when throttles.window_ends_at <= now()
          then now() + make_interval(secs => ${windowSeconds}) else throttles.window_ends_at end
      returning count, ceil(extract(epoch from window_ends_at - now()))::int as retry_after
    `);
    await this.sweepNowAndThen();
    const row = result.rows[0]!;
    return {
      allowed: row.count <= max,
      count: row.count,
      retryAfterSeconds: Math.max(1, row.retry_after),
    };
  }

  // An attempt that turned out not to be a failure (right password, right code) does not count.
  async giveBack(key: string) {
    await this.db.execute(sql`
      update throttles set count = greatest(count - 1, 0)
      where key = ${key} and window_ends_at > now()
    `);
  }

  // Seconds until the lock ends, 0 when there is none.
  async lockedFor(key: string): Promise<number> {
    const result = await this.db.execute<{ seconds: number }>(sql`
      select ceil(extract(epoch from window_ends_at - now()))::int as seconds
      from throttles where key = ${key} and window_ends_at > now()
    `);
    return Math.max(0, result.rows[0]?.seconds ?? 0);
  }

  // True only for the call that started the lock, so its consequences (a mail) happen once.
  async lock(key: string, seconds: number): Promise<boolean> {
    const result = await this.db.execute(sql`
      insert into throttles (key, count, window_ends_at)
      values (${key}, 1, now() + make_interval(secs => ${seconds}))
      on conflict (key) do update set count = 1, window_ends_at = excluded.window_ends_at
        where throttles.window_ends_at <= now()
      returning key
    `);
    return result.rows.length > 0;
  }

  // Keys that carry an address or an IP would otherwise pile up for ever under a spray attack.
  async sweepNowAndThen() {
    if (Date.now() - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = Date.now();
    await this.db.execute(
      sql`delete from throttles where window_ends_at < now() - interval '1 hour'`,
    );
  }
}
