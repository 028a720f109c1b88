import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';

export type JobContext = { attempt: number; finalAttempt: boolean };
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

  constructor(
    pool: pg.Pool,
    private readonly logger: Logger,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: 'pgboss',
      // Scheduled re-syncs are driven by our own rows, not by pg-boss cron.
      schedule: false,
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
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
      const id = await this.boss.work<T>(
        queue.name,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          await handler(job.data, {
            attempt: job.retryCount + 1,
            finalAttempt: job.retryCount >= job.retryLimit,
          });
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

  // Jobs of `name` that are waiting or running, by a JSON field of their data.
  async hasOpenJob(name: string, field: string, value: string) {
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `select 1 from pgboss.job where name = $1 and state in ('created', 'retry') and data->>$2 = $3 limit 1`,
        [name, field, value],
      );
    return rows.length > 0;
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, wait: true });
  }
}
