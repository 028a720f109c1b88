import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { isDatabaseUnavailable, ownStopGraceMs } from '../db/unavailable';

const retryWindowMs = 60_000;

export type JobContext = { id: string; attempt: number; finalAttempt: boolean };
// A job taken by `claim`: its handler completes or fails it itself.
export type ClaimedJob<T> = JobContext & { data: T };
export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export type QueueDefinition = {
  name: string;
  concurrency: number;
  retryLimit: number;
  // First retry after this many seconds, doubling each time (pg-boss back-off).
  retryDelaySeconds: number;
  expireInSeconds: number;
};

// pg-boss over the app's own pool: jobs live in the same PostgreSQL as the data they touch, so a
// job is never lost between a row being written and its work being queued.
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  private stopping = false;

  constructor(
    pool: pg.Pool,
    private readonly logger: Logger,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.executeSql(pool, text, values) },
      schema: 'pgboss',
      // Scheduled re-syncs are driven by our own rows, not by pg-boss cron.
      schedule: false,
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
  }

  // pg-boss 10 neither awaits nor catches the statement that marks a finished job complete, so if
  // that statement met a connection cut by a database restart or failover, its rejection would be
  // unhandled and end the process. A statement that failed because its connection died did not
  // commit, so it is sent again on a fresh connection until the database is back (or the retry
  // window ends).
  private async executeSql(pool: pg.Pool, text: string, values?: unknown[]) {
    const deadline = Date.now() + retryWindowMs;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await pool.query(text, values);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
        if (attempt === 1) this.reportOutageUnlessStopping(error as Error);
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 100 * 2 ** attempt)));
      }
    }
  }

  // A Ctrl-C in a terminal reaches the embedded database too, which may refuse statements a moment
  // before our own stop begins; that is a stop, not an outage worth a warning.
  private reportOutageUnlessStopping(error: Error) {
    setTimeout(() => {
      if (this.stopping) return;
      this.logger.warn({ reason: error.message }, 'job queue waiting for the database');
    }, ownStopGraceMs).unref();
  }

  async start() {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
  }

  async define<T extends object>(queue: QueueDefinition, handler: JobHandler<T>) {
    await this.start();
    await this.boss.createQueue(queue.name, {
      name: queue.name,
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: queue.expireInSeconds,
    });
    const ids: string[] = [];
    for (let slot = 0; slot < queue.concurrency; slot += 1) {
      let id = '';
      id = await this.boss.work<T>(
        queue.name,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data, {
              id: job.id,
              attempt: job.retryCount + 1,
              finalAttempt: job.retryCount >= job.retryLimit,
            });
          } finally {
            // pg-boss waits out the rest of its polling interval after every job, even with more
            // waiting: 300 small uploads took a second each per slot. A slot that just did a job
            // asks for the next one at once; only an empty fetch waits for the interval.
            this.boss.notifyWorker(id);
          }
        },
      );
      ids.push(id);
    }
    this.workerIds.set(queue.name, ids);
  }

  async send<T extends object>(name: string, data: T) {
    await this.start();
    await this.boss.send(name, data);
    // Wake this process's idle workers instead of waiting for their next poll.
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
  }

  // Many jobs in one statement (an archive's documents); the queue's retry settings still apply.
  async sendMany<T extends object>(name: string, items: T[]) {
    if (items.length === 0) return;
    await this.start();
    await this.boss.insert(items.map((data) => ({ name, data })));
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
  }

  // Takes up to `limit` more waiting jobs of `name` that also meet `condition` (SQL over the job
  // row `j`; its parameters are numbered from $3), so a worker that holds one job can do others
  // like it together. They are 'active' as if a worker had fetched them: the caller completes or
  // fails each, and one whose worker dies is left for the queue's expiry and the caller's sweeper,
  // like any running job.
  async claim<T>(
    name: string,
    limit: number,
    condition: string,
    values: unknown[],
  ): Promise<Array<ClaimedJob<T>>> {
    if (limit <= 0) return [];
    await this.start();
    const { rows } = await this.boss.getDb().executeSql(
      `with next as (
         select j.id from pgboss.job j
         where j.name = $1 and j.state < 'active' and j.start_after < now() and (${condition})
         order by j.priority desc, j.created_on, j.id
         limit $2
         for update skip locked
       )
       update pgboss.job j set
         state = 'active',
         started_on = now(),
         retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
       from next
       where j.name = $1 and j.id = next.id
       returning j.id, j.data, j.retry_count, j.retry_limit`,
      [name, limit, ...values],
    );
    return (rows as Array<{ id: string; data: T; retry_count: number; retry_limit: number }>).map(
      (row) => ({
        id: row.id,
        data: row.data,
        attempt: row.retry_count + 1,
        finalAttempt: row.retry_count >= row.retry_limit,
      }),
    );
  }

  // For claimed jobs: done, or failed and so retried with the queue's back-off while it has
  // retries left.
  async complete(name: string, ids: string[]) {
    if (ids.length > 0) await this.boss.complete(name, ids);
  }

  async fail(name: string, id: string, error: Error) {
    await this.boss.fail(name, id, { message: error.message });
  }

  // Cancels the waiting or running jobs of `name` whose data field matches; a running handler is
  // not interrupted by pg-boss, so its own work must notice (see KnowledgeService.cancel).
  async cancelOpen(name: string, field: string, value: string) {
    await this.start();
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `select id from pgboss.job where name = $1 and state in ('created', 'retry', 'active') and data->>$2 = $3`,
        [name, field, value],
      );
    const ids = (rows as Array<{ id: string }>).map((row) => row.id);
    if (ids.length > 0) await this.boss.cancel(name, ids);
    return ids.length;
  }

  // The open jobs (waiting, retrying or running) of `name` for the given values of a JSON field of
  // their data, or of a JSON list (`listField`) of values that one job does together, with when
  // each was started: one row per value found.
  async openJobsFor(name: string, field: string, values: string[], listField?: string) {
    if (values.length === 0) return [];
    await this.start();
    const { rows } = await this.boss.getDb().executeSql(
      `select k.key, j.state, j.started_on from pgboss.job j
         cross join lateral (
           select j.data->>$2
           union all
           select jsonb_array_elements_text(
             case when jsonb_typeof(j.data->$4) = 'array' then j.data->$4 else '[]' end)
         ) as k(key)
         where j.name = $1 and j.state in ('created', 'retry', 'active') and k.key = any($3::text[])`,
      [name, field, values, listField ?? null],
    );
    return rows as Array<{ key: string; state: string; started_on: Date | null }>;
  }

  async stop() {
    this.stopping = true;
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, wait: true });
  }
}
