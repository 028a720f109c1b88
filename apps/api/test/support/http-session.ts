// A cookie-keeping client for a server in another process.
export class Session {
  private cookies = new Map<string, string>();
  constructor(public baseUrl: string) {}

  async request(method: string, url: string, body?: unknown | FormData) {
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${url}`, { method, headers, body: payload });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
