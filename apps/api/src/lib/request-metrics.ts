import type { FastifyInstance } from 'fastify';
import os from 'node:os';

const minuteMs = 60_000;
const windowMinutes = 24 * 60;
const cpuSampleMs = 10_000;

type Bucket = { minute: number; count: number; totalMs: number };

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    idle += cpu.times.idle;
    total += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq + cpu.times.idle;
  }
  return { idle, total };
}

// What this instance served: API requests and their response times in one-minute buckets over the
// last 24 hours (a fixed ring, so memory stays the same however busy it is), and the host's CPU
// use over the last few seconds. Each instance measures itself; the back office says so.
export class RequestMetrics {
  private readonly buckets: Bucket[] = Array.from({ length: windowMinutes }, () => ({
    minute: -1,
    count: 0,
    totalMs: 0,
  }));
  readonly startedAt = Date.now();
  private lastCpu = cpuTimes();
  private cpuPercent: number | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.timer = setInterval(() => this.sampleCpu(), cpuSampleMs);
    this.timer.unref();
  }

  private sampleCpu() {
    const now = cpuTimes();
    const total = now.total - this.lastCpu.total;
    const idle = now.idle - this.lastCpu.idle;
    this.lastCpu = now;
    if (total > 0) this.cpuPercent = Math.round((1 - idle / total) * 1000) / 10;
  }

  record(durationMs: number, at = Date.now()) {
    const minute = Math.floor(at / minuteMs);
    const bucket = this.buckets[minute % windowMinutes]!;
    if (bucket.minute !== minute) {
      bucket.minute = minute;
      bucket.count = 0;
      bucket.totalMs = 0;
    }
    bucket.count += 1;
    bucket.totalMs += durationMs;
  }

  // Requests over the last `minutes` (the current minute included) and their mean duration.
  totals(minutes: number, at = Date.now()) {
    const current = Math.floor(at / minuteMs);
    let count = 0;
    let totalMs = 0;
    for (const bucket of this.buckets) {
      if (bucket.minute > current - minutes && bucket.minute <= current) {
        count += bucket.count;
        totalMs += bucket.totalMs;
      }
    }
    return { count, averageMs: count > 0 ? Math.round(totalMs / count) : null };
  }

  // Until the first sample is due, the use since the recorder started.
  cpu() {
    if (this.cpuPercent === null) this.sampleCpu();
    return this.cpuPercent ?? 0;
  }

  stop() {
    clearInterval(this.timer);
  }
}

// Requests to the API (the app's /api routes and the public /v1 chat API), not static files or the
// realtime socket's polling.
function isApiRequest(url: string) {
  return url.startsWith('/api/') || url.startsWith('/v1/');
}

export function recordRequests(app: FastifyInstance, metrics: RequestMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    if (isApiRequest(request.url)) metrics.record(reply.elapsedTime);
  });
  app.addHook('onClose', async () => metrics.stop());
}
