import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

// Every server-side request to a URL a customer typed (crawler, webhooks, custom model endpoint,
// embeddings, "test connection") goes through this client. The name is resolved once, every
// address is checked, and the socket is opened to the checked address itself: a second lookup
// (DNS rebinding) never happens, so a name cannot pass the check as a public address and then
// connect to 127.0.0.1. TLS still verifies the certificate against the name (SNI) and the Host
// header stays the name.

export type OutboundErrorCode =
  'blocked_address' | 'unresolvable' | 'redirect_refused' | 'too_large' | 'timeout' | 'invalid_url';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    // The HTTP status of a refused redirect.
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

// The OutboundError behind a failed fetch: undici wraps connector errors as `cause`.
export function outboundErrorOf(error: unknown): OutboundError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof OutboundError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}

export type Resolver = (hostname: string) => Promise<string[]>;

export type OutboundPolicy = {
  // Outside production, loopback and private networks are reachable (a local Ollama, a test
  // server on 127.0.0.1). Addresses that are never a valid destination stay refused.
  allowPrivateNetwork: boolean;
  // Tests inject a resolver so no real DNS is used.
  resolve?: Resolver;
};

export type OutboundFetchOptions = OutboundPolicy & {
  // Connect, response-headers and idle-body timeouts, each.
  timeoutMs?: number;
  // Larger bodies fail with `too_large` instead of filling memory.
  maxResponseBytes?: number;
  // 'refuse': a 3xx fails with `redirect_refused`. 'manual': the 3xx response is returned so the
  // caller can decide; the next hop is a new request through this client, so it is checked too.
  redirects?: 'refuse' | 'manual';
};

export type OutboundFetch = typeof globalThis.fetch & { close: () => Promise<void> };

const defaultTimeoutMs = 30_000;
const defaultMaxResponseBytes = 10 * 1024 * 1024;

function subnets(list: BlockList, entries: ReadonlyArray<readonly [string, number]>) {
  for (const [network, prefix] of entries) {
    list.addSubnet(network, prefix, network.includes(':') ? 'ipv6' : 'ipv4');
  }
  return list;
}

// Never a destination, whatever the mode. BlockList also matches IPv4-mapped IPv6
// (::ffff:127.0.0.1) against the IPv4 subnets.
const neverReachable = subnets(new BlockList(), [
  ['0.0.0.0', 8], // "this network", incl. the unspecified address (which Linux routes to loopback)
  ['169.254.0.0', 16], // link-local, incl. cloud metadata endpoints
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
  ['::', 96], // unspecified and the deprecated IPv4-compatible form (::127.0.0.1)
  ['64:ff9b::', 96], // NAT64 can wrap any IPv4 address, private ones included
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments, incl. Teredo (which embeds an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 wraps any IPv4 address likewise
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
]);

// The server's own machine and network: reachable only when private networks are allowed.
const privateNetworks = subnets(new BlockList(), [
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['::1', 128],
  ['fc00::', 7], // unique local
]);

export type AddressVerdict = 'public' | 'private' | 'refused';

export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return 'refused';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  // Private first: ::1 also lies in the refused ::/96.
  if (privateNetworks.check(address, type)) return 'private';
  if (neverReachable.check(address, type)) return 'refused';
  return 'public';
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

// Resolves once and checks every address (a name may answer with a public and a private one);
// the first address is the one to connect to.
export async function resolveAllowed(hostname: string, policy: OutboundPolicy): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch (error) {
      throw new OutboundError('unresolvable', `cannot resolve ${host}: ${errorCode(error)}`);
    }
    if (addresses.length === 0) throw new OutboundError('unresolvable', `cannot resolve ${host}`);
  }
  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (verdict === 'refused' || (verdict === 'private' && !policy.allowPrivateNetwork)) {
      throw new OutboundError(
        'blocked_address',
        host === address
          ? `${host} is a non-public address`
          : `${host} resolves to non-public address ${address}`,
      );
    }
  }
  return addresses[0]!;
}

// For validating a URL when it is saved: the same rules the client applies when it connects.
export async function checkUrlTarget(url: string | URL, policy: OutboundPolicy) {
  const parsed = new URL(url);
  await resolveAllowed(parsed.hostname, policy);
}

type ConnectOptions = Parameters<ReturnType<typeof buildConnector>>[0];
type ConnectCallback = Parameters<ReturnType<typeof buildConnector>>[1];

function checkedConnector(policy: OutboundPolicy, timeoutMs: number) {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options: ConnectOptions, callback: ConnectCallback) => {
    resolveAllowed(options.hostname, policy).then(
      // `host` keeps the name, so undici derives SNI and certificate checks from it; only the
      // socket's address is replaced.
      (address) => connect({ ...options, hostname: address }, callback),
      (error: Error) => callback(error, null),
    );
  };
}

export function createOutboundFetch(options: OutboundFetchOptions): OutboundFetch {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const maxBytes = options.maxResponseBytes ?? defaultMaxResponseBytes;
  const redirects = options.redirects ?? 'refuse';
  const policy: OutboundPolicy = {
    allowPrivateNetwork: options.allowPrivateNetwork,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  };
  const agent = new Agent({
    connect: checkedConnector(policy, timeoutMs),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  const outboundFetch = async (
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> => {
    const request = await toRequestParts(input, init);
    if (request.url.protocol !== 'http:' && request.url.protocol !== 'https:') {
      throw new OutboundError('invalid_url', `only http and https URLs can be fetched`);
    }
    let response: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      response = await undiciFetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: request.signal,
        dispatcher: agent,
      });
    } catch (error) {
      const refused = outboundErrorOf(error);
      if (refused) throw refused;
      if (isUndiciTimeout(error)) {
        throw new OutboundError('timeout', `no answer within ${Math.round(timeoutMs / 1000)} s`);
      }
      throw error;
    }

    if (redirects === 'refuse' && response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      throw new OutboundError(
        'redirect_refused',
        `redirects are not followed (HTTP ${response.status}${location ? ` to ${location}` : ''})`,
        response.status,
      );
    }
    const nullBody = [101, 204, 205, 304].includes(response.status) || !response.body;
    const headers = new Headers();
    response.headers.forEach((value, name) => headers.append(name, value));
    const declared = Number(response.headers.get('content-length'));
    let body: ReadableStream<Uint8Array> | null = null;
    if (!nullBody && declared > maxBytes) {
      // Not downloaded at all; the status stays readable (a webhook receiver's 200 still counts).
      await response.body?.cancel().catch(() => undefined);
      body = new ReadableStream({
        start: (controller) =>
          controller.error(
            new OutboundError('too_large', `response of ${declared} bytes exceeds ${maxBytes}`),
          ),
      });
    } else if (!nullBody) {
      body = capStream(response.body as ReadableStream<Uint8Array>, maxBytes);
    }
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };

  return Object.assign(outboundFetch as typeof globalThis.fetch, {
    close: () => agent.close(),
  });
}

function capStream(body: ReadableStream<Uint8Array>, maxBytes: number) {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) {
          controller.error(
            new OutboundError('too_large', `response body exceeds ${maxBytes} bytes`),
          );
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

async function toRequestParts(input: string | URL | Request, init: RequestInit) {
  if (typeof input === 'string' || input instanceof URL) {
    return {
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: bodyOf(init.body),
      signal: init.signal ?? undefined,
    };
  }
  const method = init.method ?? input.method;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return {
    url: new URL(input.url),
    method,
    headers: new Headers(init.headers ?? input.headers),
    body: init.body !== undefined ? bodyOf(init.body) : hasBody ? await input.text() : undefined,
    signal: init.signal ?? input.signal,
  };
}

// The AI SDK and our callers send strings or bytes; streams are not needed.
function bodyOf(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('outbound requests send a string or bytes as their body');
}

function isUndiciTimeout(error: unknown) {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return (
    cause?.code === 'UND_ERR_CONNECT_TIMEOUT' ||
    cause?.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    cause?.code === 'UND_ERR_BODY_TIMEOUT'
  );
}

function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) return String(error.code);
  return error instanceof Error ? error.message : String(error);
}

type PolicyLogger = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

// Said at start-up so nobody runs a shared installation with the development allowance unaware.
export function announceOutboundPolicy(logger: PolicyLogger, allowPrivateNetwork: boolean) {
  if (allowPrivateNetwork) {
    logger.warn(
      { allowPrivateNetwork },
      'Outbound calls to customer URLs (crawler, webhooks, custom model endpoint, embeddings) may reach loopback and private networks: development mode or CRAWL_PRIVATE_NETWORKS=true. Do not run a shared installation like this.',
    );
    return;
  }
  logger.info(
    { allowPrivateNetwork },
    'Outbound calls to customer URLs reach public addresses only',
  );
}
