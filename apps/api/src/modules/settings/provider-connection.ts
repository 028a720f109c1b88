import type { ConnectionTestResult } from '@askwell/shared';
import { outboundErrorOf, type OutboundError } from '../../lib/outbound-http';

export type ConnectionTarget = {
  provider: 'openai' | 'google' | 'anthropic' | 'custom';
  apiKey: string | null;
  baseUrl?: string | null;
};

const defaultBaseUrls = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
} as const;

const providerNames = {
  openai: 'OpenAI',
  google: 'Google',
  anthropic: 'Anthropic',
  custom: 'The custom endpoint',
} as const;

// Listing models proves the key and the address without spending anything on a completion.
export async function testProviderConnection(
  target: ConnectionTarget,
  {
    timeoutMs = 10_000,
    fetch: fetchImpl = fetch,
  }: {
    timeoutMs?: number;
    // The outbound client for a custom endpoint (a customer-supplied URL).
    fetch?: typeof globalThis.fetch;
  } = {},
): Promise<ConnectionTestResult> {
  const name = providerNames[target.provider];
  const base = target.provider === 'custom' ? target.baseUrl : defaultBaseUrls[target.provider];
  if (!base) return { ok: false, message: 'No custom endpoint is saved yet. Enter its URL first.' };
  if (!target.apiKey && target.provider !== 'custom') {
    return { ok: false, message: `No ${name} API key is saved yet. Enter one and save first.` };
  }
  const url = new URL(`${base.replace(/\/+$/, '')}/models`);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.provider === 'anthropic') {
    headers['x-api-key'] = target.apiKey!;
    headers['anthropic-version'] = '2023-06-01';
  } else if (target.provider === 'google') {
    headers['x-goog-api-key'] = target.apiKey!;
  } else if (target.apiKey) {
    headers.authorization = `Bearer ${target.apiKey}`;
  }

  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const refused = outboundErrorOf(error);
    if (refused) return { ok: false, message: describeRefusal(refused, name, url) };
    return { ok: false, message: describeNetworkError(error, name, url, timeoutMs) };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true, message: `Connected: ${name} accepted the key.` };
  }
  const detail = await providerMessage(response);
  return { ok: false, message: describeStatus(response.status, name, detail) };
}

function describeRefusal(error: OutboundError, name: string, url: URL) {
  switch (error.code) {
    case 'blocked_address':
      return `${url.host} is on a private network, which this installation does not allow. Check the Custom endpoint URL.`;
    case 'redirect_refused':
      return `${name} answered with a redirect (HTTP ${error.status}), which is not followed. Enter the address it redirects to as the Custom endpoint URL.`;
    case 'unresolvable':
      return `The address ${url.host} could not be found. Check the Custom endpoint URL.`;
    case 'too_large':
      return `${name} sent a models list larger than Askwell accepts. Check the Custom endpoint URL.`;
    default:
      return `${name} could not be reached at ${url.host}. Check the Custom endpoint URL.`;
  }
}

type ProviderKind = ConnectionTarget['provider'];

// What the owner can change for each provider, named as the Settings page names it. A hosted
// provider has no address field: only its key is theirs to fix.
const keyAdvice: Record<ProviderKind, string> = {
  openai:
    'Check the OpenAI API key under Settings → API Keys (keys are at platform.openai.com/api-keys).',
  anthropic:
    'Check the Anthropic API key under Settings → API Keys (keys are at console.anthropic.com/settings/keys).',
  google:
    'Check the Google AI API key under Settings → API Keys (keys are at aistudio.google.com/app/apikey).',
  custom:
    'Check the Custom API key under Settings → API Keys (leave it empty if the endpoint needs none).',
};

const quotaAdvice: Record<ProviderKind, string> = {
  openai:
    'Check the plan and billing of this key at platform.openai.com, or try again in a minute.',
  anthropic:
    'Check the plan and billing of this key at console.anthropic.com, or try again in a minute.',
  google: 'Check the quota of this key in Google AI Studio, or try again in a minute.',
  custom: 'Try again in a minute, or raise the limit on the server behind the endpoint.',
};

function kindOf(name: string): ProviderKind {
  const found = (Object.keys(providerNames) as ProviderKind[]).find(
    (kind) => providerNames[kind] === name,
  );
  return found ?? 'custom';
}

// Owners of a hosted provider cannot fix its address or its network; they are told it is not
// their key and whom it concerns.
function unreachableHosted(name: string, host: string, what: string) {
  return `${name} could not be reached from the Askwell server (${what} at ${host}); your key was not checked. Try again later; if it keeps happening, whoever runs this Askwell server should check that it can reach ${host}.`;
}

export function describeNetworkError(error: unknown, name: string, url: URL, timeoutMs: number) {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  const kind = kindOf(name);
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  if (kind !== 'custom') {
    const what = timedOut
      ? `no answer within ${Math.round(timeoutMs / 1000)} seconds`
      : cause === 'ENOTFOUND' || cause === 'EAI_AGAIN'
        ? 'the name could not be looked up'
        : typeof cause === 'string' && /CERT|SSL|TLS/.test(cause)
          ? 'the secure connection failed'
          : 'the connection failed';
    return unreachableHosted(name, url.host, what);
  }
  if (timedOut) {
    return `${name} did not answer within ${Math.round(timeoutMs / 1000)} seconds. Check the Custom endpoint URL and that the server behind it is running.`;
  }
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') {
    return `The address ${url.host} could not be found. Check the Custom endpoint URL.`;
  }
  if (cause === 'ECONNREFUSED') {
    return `Nothing is listening at ${url.host}. Check the Custom endpoint URL and that the server behind it is running.`;
  }
  if (cause === 'ECONNRESET' || cause === 'UND_ERR_SOCKET') {
    return `${name} closed the connection. Check the Custom endpoint URL (http or https, and the port).`;
  }
  if (typeof cause === 'string' && /CERT|SSL|TLS/.test(cause)) {
    return `The secure connection to ${url.host} failed (certificate problem). Check the Custom endpoint URL, or give its server a valid certificate.`;
  }
  return `${name} could not be reached at ${url.host}. Check the Custom endpoint URL.`;
}

export function describeStatus(status: number, name: string, detail: string | null) {
  const kind = kindOf(name);
  const suffix = detail ? ` ${name} said: "${detail}"` : '';
  if (status === 401 || status === 403) {
    return `${name} rejected the API key (HTTP ${status}). ${keyAdvice[kind]}${suffix}`;
  }
  if (status === 404) {
    return kind === 'custom'
      ? `${name} has no models list at this address (HTTP 404). Check the Custom endpoint URL (it usually ends in /v1).${suffix}`
      : `${name} answered HTTP 404 to the models list. ${keyAdvice[kind]}${suffix}`;
  }
  if (status === 429) {
    return `${name} is rate limiting this key or its quota is used up (HTTP 429). ${quotaAdvice[kind]}${suffix}`;
  }
  if (status >= 500) {
    return `${name} had a server error (HTTP ${status}). Nothing to change on your side: try again later.${suffix}`;
  }
  return `${name} refused the request (HTTP ${status}). ${keyAdvice[kind]}${suffix}`;
}

// Providers put a readable reason in error.message (OpenAI, Anthropic, Google alike).
async function providerMessage(response: Response): Promise<string | null> {
  try {
    const text = (await response.text()).slice(0, 4000);
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === 'string'
        ? body.error
        : typeof body.error?.message === 'string'
          ? body.error.message
          : typeof body.message === 'string'
            ? body.message
            : null;
    return message ? message.slice(0, 300) : null;
  } catch {
    return null;
  }
}
