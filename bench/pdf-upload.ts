import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { botDefaults } from '@askwell/shared';
import { repoRoot, spawnServer } from '../scripts/spawn-server';
import { childPids } from './processes';

const pdfDir = path.join(repoRoot, '../shared/testdata/docs/pdf');
const maxUploadBytes = 10_485_760;
// A phrase that only the last pages (the GeoBase data model, appended after the journal copies)
// contain: found means the whole file went through the pipeline.
const lastPagesQuery = 'resultantAltimetricAccuracy AccuracyInterval';

// A real-world ~10 MB PDF: nine copies of a 10-page journal article (text, figures, fonts) and
// two of a 19-page data-model document, joined with poppler's pdfunite.
async function buildLargePdf(dir: string) {
  const parts = [
    ...Array.from({ length: 9 }, () => path.join(pdfDir, 'tika-testJournalParser.pdf')),
    path.join(pdfDir, 'pypdf-GeoBase_NHNC1_Data_Model_UML_EN.pdf'),
    path.join(pdfDir, 'pypdf-GeoBase_NHNC1_Data_Model_UML_EN.pdf'),
  ];
  const file = path.join(dir, 'large-upload.pdf');
  const joined = spawnSync('pdfunite', [...parts, file], { encoding: 'utf8' });
  if (joined.status !== 0) throw new Error(`pdfunite failed: ${joined.stderr}`);
  const { size } = await stat(file);
  if (size > maxUploadBytes) throw new Error(`the test PDF is ${size} bytes, over the limit`);
  return { file, size };
}

function peakRssMb(pid: number) {
  return readFile(`/proc/${pid}/status`, 'utf8').then((status) => {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  });
}

function currentRssMb(pid: number) {
  return readFile(`/proc/${pid}/status`, 'utf8').then((status) => {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  });
}

// Uploads a ~10 MB PDF to the real server (its own process, embedded PostgreSQL or DATABASE_URL)
// and measures how long until a phrase from its last pages is found by the bot's search, and the
// server process's peak resident memory over the whole run.
export async function runPdfUploadBenchmark() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'askwell-bench-pdf-'));
  const { file, size } = await buildLargePdf(work);
  const server = await spawnServer({ NODE_ENV: 'test', LOG_LEVEL: 'warn' });
  try {
    const base = server.baseUrl;
    const cookies = new Map<string, string>();
    const call = async (method: string, url: string, body?: unknown) => {
      const headers: Record<string, string> = { origin: base };
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      let payload: FormData | string | undefined;
      if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const response = await fetch(`${base}${url}`, { method, headers, body: payload });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!.trim(), value.join('='));
      }
      return response;
    };

    const email = `bench-${Date.now()}@askwell.test`;
    await call('POST', '/api/auth/sign-up/email', {
      name: 'Bench Owner',
      email,
      password: 'bench password 1',
    });
    let code: string | undefined;
    for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
      const mailbox = await (await call('GET', '/dev/mailbox')).text();
      code = /verification code is (\d{6})/.exec(mailbox)?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!code) throw new Error('no verification mail');
    await call('POST', '/api/auth/email-otp/verify-email', { email, otp: code });
    const bot = (await (
      await call('POST', '/api/bots', { ...botDefaults, name: 'Bench bot' })
    ).json()) as { id: string };

    const rssBefore = await currentRssMb(server.pid);
    let rssPeakSampled = rssBefore;
    let readerPeakSampled = 0;
    const readers = new Set<number>();
    const sampler = setInterval(() => {
      currentRssMb(server.pid)
        .then((mb) => (rssPeakSampled = Math.max(rssPeakSampled, mb)))
        .catch(() => undefined);
      childPids(server.pid)
        .then(async (pids) => {
          for (const pid of pids) {
            readers.add(pid);
            const mb = await currentRssMb(pid).catch(() => 0);
            readerPeakSampled = Math.max(readerPeakSampled, mb);
          }
        })
        .catch(() => undefined);
    }, 50);

    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([await readFile(file)]), 'large-upload.pdf');
    const upload = await call('POST', `/api/bots/${bot.id}/documents`, form);
    if (upload.status !== 201) throw new Error(`upload failed: ${await upload.text()}`);
    const uploadedMs = performance.now() - started;

    let searchableMs: number | null = null;
    let status = 'pending';
    while (performance.now() - started < 120_000) {
      const query = new URLSearchParams({ q: lastPagesQuery, limit: '1' });
      const hits = (await (await call('GET', `/api/bots/${bot.id}/search?${query}`)).json()) as
        Array<{ text: string }> | undefined;
      if (Array.isArray(hits) && hits[0]?.text.includes('resultantAltimetricAccuracy')) {
        searchableMs = performance.now() - started;
        break;
      }
      const sources = (await (await call('GET', '/api/sources')).json()) as Array<{
        status: string;
      }>;
      status = sources[0]?.status ?? status;
      if (status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    clearInterval(sampler);
    let readerHighWater = 0;
    for (const pid of readers) {
      readerHighWater = Math.max(readerHighWater, await peakRssMb(pid).catch(() => 0));
    }
    const sources = (await (await call('GET', '/api/sources')).json()) as Array<{
      status: string;
      chunkCount: number;
    }>;

    return {
      targets: { searchable_seconds: 20, peak_server_rss_mb: 500 },
      pdf_bytes: size,
      upload_seconds: Number((uploadedMs / 1000).toFixed(2)),
      searchable_seconds: searchableMs === null ? null : Number((searchableMs / 1000).toFixed(2)),
      final_status: sources[0]?.status ?? status,
      chunks: sources[0]?.chunkCount ?? 0,
      server_rss_before_mb: rssBefore,
      server_rss_peak_sampled_mb: rssPeakSampled,
      server_rss_high_water_mb: await peakRssMb(server.pid),
      // The process that read the PDF (its own memory limit; see README, Documents).
      reader_rss_peak_sampled_mb: readerPeakSampled,
      reader_rss_high_water_mb: readerHighWater,
      load_average_1m: Number(os.loadavg()[0]!.toFixed(2)),
    };
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}
