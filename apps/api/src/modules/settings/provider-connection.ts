import type { ConnectionTestResult } from '@askwell/shared';

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
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
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
    response = await fetch(url, {
      headers,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    return { ok: false, message: describeNetworkError(error, name, url, timeoutMs) };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true, message: `Connected: ${name} accepted the key.` };
  }
  const detail = await providerMessage(response);
  return { ok: false, message: describeStatus(response.status, name, detail) };
}

function describeNetworkError(error: unknown, name: string, url: URL, timeoutMs: number) {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `${name} did not answer within ${Math.round(timeoutMs / 1000)} seconds. Check the address and that the server is running.`;
  }
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') {
    return `The address ${url.host} could not be found. Check the endpoint URL.`;
  }
  if (cause === 'ECONNREFUSED') {
    return `Nothing is listening at ${url.host}. Check the endpoint URL and that the server is running.`;
  }
  if (cause === 'ECONNRESET' || cause === 'UND_ERR_SOCKET') {
    return `${name} closed the connection. Check the endpoint URL.`;
  }
  if (typeof cause === 'string' && /CERT|SSL|TLS/.test(cause)) {
    return `The secure connection to ${url.host} failed (certificate problem).`;
  }
  return `${name} could not be reached at ${url.host}.`;
}

function describeStatus(status: number, name: string, detail: string | null) {
  const suffix = detail ? ` ${name} said: "${detail}"` : '';
  if (status === 401 || status === 403) {
    return `${name} rejected the API key (HTTP ${status}). Check that it is correct and active.${suffix}`;
  }
  if (status === 404) {
    return `${name} has no models list at this address (HTTP 404). Check the endpoint URL (it usually ends in /v1).${suffix}`;
  }
  if (status === 429) {
    return `${name} is rate limiting this key or its quota is used up (HTTP 429).${suffix}`;
  }
  if (status >= 500)
    return `${name} had a server error (HTTP ${status}). Try again later.${suffix}`;
  return `${name} refused the request (HTTP ${status}).${suffix}`;
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
