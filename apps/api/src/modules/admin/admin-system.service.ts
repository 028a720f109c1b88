import {
  apiUsageDays,
  estimateCostUsd,
  type AdminApiUsage,
  type AdminGrowth,
  type AdminSystemFigures,
  type ApiUsageProvider,
  type TrainingJob,
  type TrainingJobStatus,
} from '@askwell/shared';
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../db/client';
import { uuidPattern } from '../../db/query-helpers';
import type { RequestMetrics } from '../../lib/request-metrics';
import type { Realtime } from '../../plugins/realtime';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import type { Retriever } from '../retrieval';
import {
  countCustomers,
  countJobs,
  findJob,
  growth,
  listJobs,
  usageByModel,
  type JobCursor,
  type JobFilter,
  type JobRow,
} from './admin-system.repository';

const growthMonths = 12;

function jobStatus(status: string): TrainingJobStatus {
  if (status === 'pending' || status === 'processing') return 'processing';
  if (status === 'completed' || status === 'failed') return status;
  return 'unknown';
}

function monthsEndingNow(first: string, count: number) {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 + index, 1));
    return date.toISOString().slice(0, 7);
  });
}

// The volume the data directory is (or will be) on: before the first upload it may not exist yet.
async function volumeOf(dir: string) {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const found = await statfs(current).catch(() => null);
    if (found || current === path.dirname(current)) return found;
  }
}

// The back office's live figures, its platform-wide training jobs (with Retry and Cancel) and the
// growth behind the Analytics page.
export class AdminSystemService {
  constructor(
    private readonly options: {
      db: Database;
      metrics: RequestMetrics;
      realtime: Realtime;
      retriever: Pick<Retriever, 'memory'>;
      knowledge: KnowledgeService;
      audit: AuditService;
      dataDir: string;
    },
  ) {}

  async system(): Promise<AdminSystemFigures> {
    const { db, metrics, realtime, retriever, dataDir } = this.options;
    const online = (await realtime.onlineAccounts?.()) ?? {
      ids: [],
      scope: 'this_instance' as const,
    };
    const now = Date.now();
    const day = metrics.totals(24 * 60, now);
    const hour = metrics.totals(60, now);
    const load = os.loadavg() as [number, number, number];
    const cpuCount = os.availableParallelism();
    const storage = await volumeOf(dataDir);
    const indexes = retriever.memory();
    return {
      active_users: { count: await countCustomers(db, online.ids), scope: online.scope },
      system_load_percent: Math.round((load[0] / cpuCount) * 1000) / 10,
      load_average: load.map((value) => Math.round(value * 100) / 100) as [number, number, number],
      cpu_count: cpuCount,
      api_requests_24h: day.count,
      average_response_ms_1h: hour.averageMs,
      measured_since: new Date(Math.max(metrics.startedAt, now - 24 * 3_600_000)).toISOString(),
      cpu_percent: metrics.cpu(),
      memory: { used_bytes: os.totalmem() - os.freemem(), total_bytes: os.totalmem() },
      storage: storage
        ? {
            used_bytes: (storage.blocks - storage.bfree) * storage.bsize,
            total_bytes: storage.blocks * storage.bsize,
          }
        : null,
      search_indexes: {
        bots: indexes.bots,
        used_bytes: indexes.bytes,
        budget_bytes: indexes.budgetBytes,
        shared_bytes: indexes.sharedBytes,
        shared_limit_bytes: indexes.sharedLimitBytes,
      },
      sampled_at: new Date(now).toISOString(),
    };
  }

  async apiUsage(): Promise<AdminApiUsage> {
    const rows = await usageByModel(this.options.db, apiUsageDays);
    const providers = new Map<string, ApiUsageProvider>();
    for (const row of rows) {
      const provider = row.answerer.slice(0, row.answerer.indexOf(':'));
      const cost = estimateCostUsd(row.answerer, row.prompt_tokens, row.completion_tokens);
      const entry = providers.get(provider) ?? {
        provider,
        calls: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
        estimated_cost_usd: null,
        unpriced_calls: 0,
        models: [],
      };
      entry.calls += row.calls;
      entry.prompt_tokens += row.prompt_tokens;
      entry.completion_tokens += row.completion_tokens;
      if (cost === null) entry.unpriced_calls += row.calls;
      else
        entry.estimated_cost_usd = Math.round(((entry.estimated_cost_usd ?? 0) + cost) * 1e4) / 1e4;
      entry.models.push({
        model: row.answerer.slice(provider.length + 1),
        calls: row.calls,
        prompt_tokens: row.prompt_tokens,
        completion_tokens: row.completion_tokens,
        estimated_cost_usd: cost,
      });
      providers.set(provider, entry);
    }
    return {
      days: apiUsageDays,
      providers: [...providers.values()].sort((a, b) => b.calls - a.calls),
    };
  }

  async jobs(query: { filter: JobFilter; before: JobCursor | null; limit: number }) {
    const { db, knowledge } = this.options;
    const [rows, counts] = await Promise.all([listJobs(db, query), countJobs(db)]);
    const open = await knowledge.openJobsFor(
      rows.filter((row) => jobStatus(row.status) === 'processing').map((row) => row.id),
    );
    const startedAt = new Map(
      open.filter((job) => job.started_on).map((job) => [job.key, new Date(job.started_on!)]),
    );
    return { rows, counts, toJob: (row: JobRow) => this.toJob(row, startedAt.get(row.id)) };
  }

  private toJob(row: JobRow, startedAt: Date | undefined): TrainingJob {
    const status = jobStatus(row.status);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      bot: { id: row.bot_id, name: row.bot_name },
      owner: { id: row.owner_id, email: row.owner_email },
      status,
      queued: row.status === 'pending' || (status === 'processing' && !startedAt),
      stage: row.stage,
      progress: row.progress,
      attempts: row.attempts,
      error: status === 'failed' ? (row.error_message ?? null) : null,
      started_at: startedAt?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  // Through the customer's own Retry path (KnowledgeService.reprocess). Undefined for an unknown
  // job, null when it has not failed.
  async retry(actor: AuditActor, sourceId: string) {
    const { db, knowledge, audit } = this.options;
    const found = uuidPattern.test(sourceId) ? await findJob(db, sourceId) : null;
    if (!found) return undefined;
    // A failed source only: another staff member may have retried it a moment ago.
    const source = await knowledge.findSourceById(sourceId);
    if (!source || source.status !== 'failed') return null;
    const row = await db.transaction(async (tx) => {
      const marked = await knowledge.markForReprocess(source, tx);
      if (!marked) return null;
      await audit.record(
        actor,
        {
          action: 'job.retry',
          target: { type: 'job', id: sourceId },
          details: {
            message: `Retried “${found.name}” of chatbot “${found.bot_name}” (${found.owner_email})`,
            source_id: sourceId,
            source_name: found.name,
            bot_name: found.bot_name,
            owner_email: found.owner_email,
            previous_error: source.errorMessage,
          },
        },
        tx,
      );
      return marked;
    });
    if (row) await knowledge.afterReprocess(row);
    return row;
  }

  // The source fails with 'Cancelled by staff' and the audit row is written in one transaction;
  // the queue's job is cancelled after. Undefined for an unknown job, null when it was not running.
  async cancel(actor: AuditActor, sourceId: string) {
    const { db, knowledge, audit } = this.options;
    const found = uuidPattern.test(sourceId) ? await findJob(db, sourceId) : null;
    if (!found) return undefined;
    const row = await db.transaction(async (tx) => {
      const cancelled = await knowledge.cancel(sourceId, tx);
      if (!cancelled) return null;
      await audit.record(
        actor,
        {
          action: 'job.cancel',
          target: { type: 'job', id: sourceId },
          details: {
            message: `Cancelled “${found.name}” of chatbot “${found.bot_name}” (${found.owner_email})`,
            source_id: sourceId,
            source_name: found.name,
            bot_name: found.bot_name,
            owner_email: found.owner_email,
          },
        },
        tx,
      );
      return cancelled;
    });
    if (row) await knowledge.afterCancel(row);
    return row;
  }

  async growth(): Promise<AdminGrowth> {
    const found = await growth(this.options.db, growthMonths);
    const months = monthsEndingNow(found.totals.first_month, growthMonths);
    const byMonth = (rows: Array<{ month: string; count: number }>) =>
      new Map(rows.map((row) => [row.month, row.count]));
    const users = byMonth(found.users);
    const bots = byMonth(found.bots);
    const conversations = byMonth(found.conversations);
    const series = months.map((month) => ({
      month,
      users: users.get(month) ?? 0,
      bots: bots.get(month) ?? 0,
      conversations: conversations.get(month) ?? 0,
    }));
    const current = series.at(-1)!;
    return {
      totals: {
        users: found.totals.users,
        bots: found.totals.bots,
        conversations: found.totals.conversations,
      },
      this_month: {
        users: current.users,
        bots: current.bots,
        conversations: current.conversations,
      },
      months: series,
    };
  }
}
