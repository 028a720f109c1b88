import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import robotsParser from 'robots-parser';
import { contentHash } from './content-hash';
import { extractMainContent } from './extract-main-content';
import type { ContentSection } from './extract-main-content';
import {
  createOutboundFetch,
  outboundErrorOf,
  type OutboundFetch,
  type Resolver,
} from '../../../lib/outbound-http';

export type CrawlOptions = {
  startUrl: string;
  /** Upper bound on results yielded, failures included, so broken links cannot make a crawl unbounded. */
  maxPages: number;
  /** Link hops from the start page or a sitemap entry (both depth 0). */
  maxDepth: number;
  allowPrivateNetwork: boolean;
  userAgent?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  // Tests resolve names without DNS.
  resolve?: Resolver;
};

export type CrawlFailureReason =
  'robots' | 'not_html' | 'http_error' | 'timeout' | 'too_large' | 'no_content' | 'blocked_address';

export type CrawledPage =
  | {
      url: string;
      ok: true;
      title: string | null;
      sections: ContentSection[];
      contentHash: string;
      depth: number;
    }
  | { url: string; ok: false; reason: CrawlFailureReason; detail: string; depth: number };

export const DEFAULT_USER_AGENT = 'AskwellBot/1.0 (+https://askwell.example/bot)';
const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
// The sitemap protocol allows 50 MB uncompressed per file.
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const MAX_SITEMAP_FILES = 50;
const MAX_CRAWL_DELAY_MS = 10_000;

type RequestKind = 'page' | 'sitemap' | 'robots';

type FetchResult =
  | { ok: true; url: string; contentType: string; body: Buffer }
  | { ok: false; reason: CrawlFailureReason; detail: string; status?: number };

type RobotsRules = {
  isAllowed: (url: string) => boolean;
  disallowDetail: string;
  sitemaps: string[];
  crawlDelayMs: number;
};

type Fetcher = (
  url: string,
  kind: RequestKind,
  followRedirect: (from: URL, to: URL) => boolean,
) => Promise<FetchResult>;

export async function* crawlSite(options: CrawlOptions): AsyncGenerator<CrawledPage> {
  const start = normaliseUrl(options.startUrl);
  if (!start) throw new TypeError('startUrl must be an absolute http(s) URL');
  if (options.maxPages <= 0) return;

  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const outbound = createOutboundFetch({
    allowPrivateNetwork: options.allowPrivateNetwork,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxResponseBytes: MAX_SITEMAP_BYTES,
    redirects: 'manual',
  });
  try {
    yield* crawlWith(options, start, createFetcher(options, userAgent, outbound), userAgent);
  } finally {
    await outbound.close();
  }
}

async function* crawlWith(
  options: CrawlOptions,
  start: string,
  fetcher: Fetcher,
  userAgent: string,
): AsyncGenerator<CrawledPage> {
  let origin = new URL(start).origin;
  let startUrl = start;

  // RFC 9309 lets robots.txt redirect anywhere; every hop still passes the address guard.
  const robotsResult = await fetcher(`${origin}/robots.txt`, 'robots', () => true);
  if (
    !robotsResult.ok &&
    robotsResult.status === undefined &&
    robotsResult.reason !== 'too_large'
  ) {
    // No HTTP answer at all: the site is unreachable (or refused), so there is nothing to crawl.
    yield {
      url: startUrl,
      ok: false,
      reason: robotsResult.reason,
      detail: robotsResult.detail,
      depth: 0,
    };
    return;
  }
  // A robots.txt that redirects to the https or www variant of the host reveals the site's
  // canonical origin; adopting it keeps every later same-origin check meaningful.
  if (robotsResult.ok) {
    const finalRobots = new URL(robotsResult.url);
    if (
      finalRobots.origin !== origin &&
      finalRobots.pathname === '/robots.txt' &&
      isSameSiteVariant(new URL(origin), finalRobots)
    ) {
      origin = finalRobots.origin;
      startUrl = rebase(new URL(startUrl), origin);
    }
  }
  const robots = parseRobots(robotsResult, `${origin}/robots.txt`, userAgent);
  const sameOrigin = (_from: URL, to: URL): boolean => to.origin === origin;

  const seen = new Set<string>();
  const queue: Array<{ url: string; depth: number }> = [];
  let head = 0;
  const enqueue = (url: string, depth: number): void => {
    // Breadth-first order means entries past this bound could only ever run if earlier ones
    // yield nothing, which is rare; the bound keeps link-heavy sites from growing memory.
    if (seen.has(url) || queue.length - head >= options.maxPages * 2) return;
    seen.add(url);
    queue.push({ url, depth });
  };

  const loadSitemaps = async (sources: string[], reportFailures: boolean) => {
    const found: string[] = [];
    const failures: Array<{ url: string; reason: CrawlFailureReason; detail: string }> = [];
    const pending = [...sources];
    const visited = new Set<string>();
    while (pending.length > 0 && visited.size < MAX_SITEMAP_FILES) {
      const sitemapUrl = pending.shift() as string;
      if (visited.has(sitemapUrl)) continue;
      visited.add(sitemapUrl);
      const result = await fetcher(sitemapUrl, 'sitemap', sameOrigin);
      if (!result.ok) {
        if (reportFailures)
          failures.push({ url: sitemapUrl, reason: result.reason, detail: result.detail });
        continue;
      }
      const parsed = parseSitemap(decodeText(maybeGunzip(result.body), result.contentType));
      if (!parsed) {
        if (reportFailures) {
          failures.push({
            url: sitemapUrl,
            reason: 'not_html',
            detail: 'neither an HTML page nor a sitemap',
          });
        }
        continue;
      }
      const mapped = parsed.locs
        .map((loc) => mapOntoOrigin(loc, result.url, origin))
        .filter((url): url is string => url !== null);
      if (parsed.kind === 'index') pending.push(...mapped);
      else found.push(...mapped);
    }
    return { found, failures };
  };

  const startIsSitemap = /\.xml(\.gz)?$/i.test(new URL(startUrl).pathname);
  if (startIsSitemap) {
    const { found, failures } = await loadSitemaps([startUrl], true);
    const startFailure = failures.find((failure) => failure.url === startUrl);
    if (startFailure) {
      yield { ...startFailure, ok: false, depth: 0 };
      return;
    }
    for (const url of found) enqueue(url, 0);
  } else {
    const declared = robots.sitemaps
      .map((loc) => mapOntoOrigin(loc, `${origin}/robots.txt`, origin))
      .filter((url): url is string => url !== null);
    const sources = declared.length > 0 ? declared : [`${origin}/sitemap.xml`];
    // The page the customer typed goes first so that a small maxPages still includes it.
    enqueue(startUrl, 0);
    const { found } = await loadSitemaps(sources, false);
    for (const url of found) enqueue(url, 0);
  }

  let yielded = 0;
  let requested = 0;
  while (head < queue.length && yielded < options.maxPages) {
    options.signal?.throwIfAborted();
    const item = queue[head++] as { url: string; depth: number };

    if (!robots.isAllowed(item.url)) {
      yielded++;
      yield {
        url: item.url,
        ok: false,
        reason: 'robots',
        detail: robots.disallowDetail,
        depth: item.depth,
      };
      continue;
    }

    if (requested > 0 && robots.crawlDelayMs > 0) {
      await sleep(robots.crawlDelayMs, undefined, { signal: options.signal });
    }
    requested++;
    const result = await fetcher(item.url, 'page', sameOrigin);
    if (!result.ok) {
      yielded++;
      yield {
        url: item.url,
        ok: false,
        reason: result.reason,
        detail: result.detail,
        depth: item.depth,
      };
      continue;
    }

    let url = item.url;
    if (result.url !== item.url) {
      if (seen.has(result.url)) continue;
      seen.add(result.url);
      url = result.url;
      if (!robots.isAllowed(url)) {
        yielded++;
        yield {
          url,
          ok: false,
          reason: 'robots',
          detail: robots.disallowDetail,
          depth: item.depth,
        };
        continue;
      }
    }

    const text = decodeText(maybeGunzip(result.body), result.contentType);
    const kind = classifyDocument(result.contentType, text);
    if (kind === 'sitemap') {
      const parsed = parseSitemap(text);
      const mapped = (parsed?.locs ?? [])
        .map((loc) => mapOntoOrigin(loc, url, origin))
        .filter((entry): entry is string => entry !== null);
      const entries = parsed?.kind === 'index' ? (await loadSitemaps(mapped, false)).found : mapped;
      for (const entry of entries) enqueue(entry, item.depth);
      continue;
    }
    if (kind === 'other') {
      yielded++;
      yield {
        url,
        ok: false,
        reason: 'not_html',
        detail: `content type ${result.contentType || 'unknown'}`,
        depth: item.depth,
      };
      continue;
    }

    const content = extractMainContent(text, url);
    if (item.depth < options.maxDepth) {
      for (const link of content.links) {
        const normalised = normaliseUrl(link);
        if (normalised && new URL(normalised).origin === origin)
          enqueue(normalised, item.depth + 1);
      }
    }
    yielded++;
    if (content.sections.length === 0) {
      yield {
        url,
        ok: false,
        reason: 'no_content',
        detail: 'no readable text in the main content',
        depth: item.depth,
      };
      continue;
    }
    yield {
      url,
      ok: true,
      title: content.title,
      sections: content.sections,
      contentHash: contentHash(content),
      depth: item.depth,
    };
  }
}

export function normaliseUrl(input: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // WHATWG URL already lower-cases the host, drops default ports and resolves dot segments.
  url.hash = '';
  url.username = '';
  url.password = '';
  return url.href;
}

function rebase(url: URL, origin: string): string {
  return new URL(`${url.pathname}${url.search}`, origin).href;
}

function stripWww(hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : hostname;
}

function isSameSiteVariant(from: URL, to: URL): boolean {
  const schemeOk =
    from.protocol === to.protocol || (from.protocol === 'http:' && to.protocol === 'https:');
  return schemeOk && stripWww(from.hostname) === stripWww(to.hostname);
}

function isLoopbackName(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

/**
 * Sitemaps are often generated for another address than the one serving them: root-relative
 * paths, a dev server's http://localhost:8080, or the http/www variant of the host. Such entries
 * are re-based onto the crawl origin. Any other foreign host is dropped rather than re-based,
 * so a shared sitemap listing other sites cannot fill the crawl with guessed paths. Re-basing
 * never makes the crawler contact a new host.
 */
export function mapOntoOrigin(loc: string, sitemapUrl: string, origin: string): string | null {
  const url = normaliseUrl(loc, sitemapUrl);
  if (!url) return null;
  const parsed = new URL(url);
  if (parsed.origin === origin) return url;
  const crawlHost = new URL(origin).hostname;
  if (isLoopbackName(parsed.hostname) || stripWww(parsed.hostname) === stripWww(crawlHost)) {
    return rebase(parsed, origin);
  }
  return null;
}

function parseRobots(result: FetchResult, robotsUrl: string, userAgent: string): RobotsRules {
  if (result.ok) {
    const robots = robotsParser(robotsUrl, decodeText(result.body, result.contentType));
    const delaySeconds = robots.getCrawlDelay(userAgent) ?? 0;
    return {
      // robots-parser answers undefined for URLs outside robots.txt's origin; none are crawled.
      isAllowed: (url) => robots.isAllowed(url, userAgent) !== false,
      disallowDetail: 'disallowed by robots.txt',
      sitemaps: robots.getSitemaps(),
      crawlDelayMs: Math.min(Math.max(0, delaySeconds * 1000), MAX_CRAWL_DELAY_MS),
    };
  }
  // RFC 9309: a missing robots.txt (4xx) allows everything; an unreachable one (5xx, network
  // error) must be read as disallowing everything.
  if (result.status !== undefined && result.status >= 400 && result.status < 500) {
    return { isAllowed: () => true, disallowDetail: '', sitemaps: [], crawlDelayMs: 0 };
  }
  return {
    isAllowed: () => false,
    disallowDetail: `robots.txt unavailable (${result.detail}), so crawling is not allowed`,
    sitemaps: [],
    crawlDelayMs: 0,
  };
}

// Every hop is a new request through the outbound client, so each redirect target's address is
// checked again before anything is sent to it.
function createFetcher(
  options: CrawlOptions,
  userAgent: string,
  fetchImpl: OutboundFetch,
): Fetcher {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const accept: Record<RequestKind, string> = {
    page: 'text/html,application/xhtml+xml;q=0.9,application/xml;q=0.5,*/*;q=0.1',
    sitemap: 'application/xml,text/xml;q=0.9,*/*;q=0.1',
    robots: 'text/plain,*/*;q=0.1',
  };

  return async (startUrl, kind, followRedirect) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let url = new URL(startUrl);
    try {
      for (let hop = 0; ; hop++) {
        const response = await fetchImpl(url, {
          redirect: 'manual',
          signal,
          headers: { 'user-agent': userAgent, accept: accept[kind] },
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          const target = normaliseUrl(location, url.href);
          const status = response.status;
          if (!target)
            return {
              ok: false,
              reason: 'http_error',
              detail: `invalid redirect to ${location}`,
              status,
            };
          const targetUrl = new URL(target);
          if (targetUrl.origin !== url.origin && !followRedirect(url, targetUrl)) {
            return {
              ok: false,
              reason: 'http_error',
              detail: `redirects off-site to ${target}`,
              status,
            };
          }
          if (hop >= MAX_REDIRECTS)
            return { ok: false, reason: 'http_error', detail: 'too many redirects', status };
          url = targetUrl;
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return {
            ok: false,
            reason: 'http_error',
            detail: `HTTP ${response.status}`,
            status: response.status,
          };
        }
        const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
        if (kind === 'page' && !mayBeDocument(contentType)) {
          await response.body?.cancel();
          return { ok: false, reason: 'not_html', detail: `content type ${contentType}` };
        }
        const limit = kind === 'sitemap' ? MAX_SITEMAP_BYTES : MAX_PAGE_BYTES;
        const declaredLength = Number(response.headers.get('content-length'));
        if (declaredLength > limit) {
          await response.body?.cancel();
          return {
            ok: false,
            reason: 'too_large',
            detail: `${declaredLength} bytes exceeds ${limit}`,
          };
        }
        const body = await readCapped(response, limit);
        if (!body) return { ok: false, reason: 'too_large', detail: `body exceeds ${limit} bytes` };
        return { ok: true, url: url.href, contentType, body };
      }
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      const refused = outboundErrorOf(error);
      if (refused?.code === 'blocked_address' || refused?.code === 'too_large') {
        return { ok: false, reason: refused.code, detail: refused.message };
      }
      if (timeout.aborted || refused?.code === 'timeout')
        return {
          ok: false,
          reason: 'timeout',
          detail: `no complete response within ${timeoutMs} ms`,
        };
      if (refused) return { ok: false, reason: 'http_error', detail: refused.message };
      return { ok: false, reason: 'http_error', detail: describeNetworkError(error) };
    }
  };
}

async function readCapped(response: Response, limit: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, total);
}

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause && typeof cause === 'object' && 'code' in cause) return String(cause.code);
  return error instanceof Error ? error.message : String(error);
}

// An empty Content-Type is sniffed after download; an XML one may be a sitemap reached by a link.
function mayBeDocument(contentType: string): boolean {
  return contentType === '' || /html|xml/.test(contentType);
}

function classifyDocument(contentType: string, text: string): 'html' | 'sitemap' | 'other' {
  const mime = contentType.split(';')[0]?.trim() ?? '';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  const headOfText = text.slice(0, 4096);
  if (/<(?:[\w-]+:)?(?:urlset|sitemapindex)[\s>]/i.test(headOfText)) return 'sitemap';
  if (
    mime === '' &&
    /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype html|html|head|body)[\s>]/i.test(headOfText)
  ) {
    return 'html';
  }
  return 'other';
}

function maybeGunzip(body: Buffer): Buffer {
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body;
  try {
    return gunzipSync(body, { maxOutputLength: MAX_SITEMAP_BYTES });
  } catch {
    return body;
  }
}

function decodeText(body: Buffer, contentType: string): string {
  const fromHeader = /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const fromMeta = fromHeader
    ? undefined
    : /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(fromHeader ?? fromMeta ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

type ParsedSitemap = { kind: 'urlset' | 'index'; locs: string[] };

function parseSitemap(xml: string): ParsedSitemap | null {
  const root = /<(?:[\w-]+:)?(urlset|sitemapindex)[\s>]/i.exec(xml);
  if (!root) return null;
  const locs: string[] = [];
  for (const match of xml.matchAll(
    /<(?:[\w-]+:)?loc>\s*(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?\s*<\/(?:[\w-]+:)?loc>/gi,
  )) {
    const loc = decodeXmlEntities(match[1] ?? '').trim();
    if (loc) locs.push(loc);
  }
  return { kind: root[1]?.toLowerCase() === 'sitemapindex' ? 'index' : 'urlset', locs };
}

function decodeXmlEntities(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi,
    (entity, dec, hex, name) => {
      if (dec) return String.fromCodePoint(Number(dec));
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
      return named[String(name).toLowerCase()] ?? entity;
    },
  );
}
