import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

const origin = 'http://localhost';

// Drives the app through `inject` the way a browser on our own pages would: it keeps cookies and
// sends the page's Origin on every request.
export class BrowserClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request('POST', url, payload, headers);
  }

  patch(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request('PATCH', url, payload, headers);
  }

  put(url: string, payload?: unknown) {
    return this.request('PUT', url, payload);
  }

  delete(url: string) {
    return this.request('DELETE', url);
  }

  // A multipart/form-data upload of one file, as a browser's FormData would send it.
  upload(
    url: string,
    fileName: string,
    bytes: Uint8Array,
    contentType = 'application/octet-stream',
  ) {
    return this.uploadFiles(url, [{ name: fileName, data: bytes, contentType }]);
  }

  // Several files in one multipart/form-data request, each a part named "file".
  uploadFiles(url: string, files: Array<{ name: string; data: Uint8Array; contentType?: string }>) {
    const boundary = `----askwell${Math.random().toString(16).slice(2)}`;
    const parts = files.flatMap(({ name, data, contentType = 'application/octet-stream' }) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ]);
    const tail = Buffer.from(`--${boundary}--\r\n`);
    return this.request('POST', url, Buffer.concat([...parts, tail]), {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  hasSession() {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        host: 'localhost',
        origin,
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires < new Date());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}
