import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import {
  checkUrlTarget,
  classifyAddress,
  createOutboundFetch,
  type OutboundFetch,
} from './outbound-http';

type Local = { port: number; requests: Array<{ url: string; host: string }>; server: Server };

const opened: Array<Local | OutboundFetch> = [];

afterEach(async () => {
  for (const item of opened.splice(0)) {
    if ('close' in item && typeof item.close === 'function' && !('server' in item)) {
      await item.close();
    } else if ('server' in item) {
      item.server.closeAllConnections();
      await new Promise((resolve) => item.server.close(resolve));
    }
  }
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: Local['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', host: req.headers.host ?? '' });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const local = { port: (server.address() as AddressInfo).port, requests, server };
  opened.push(local);
  return local;
}

function client(options: Parameters<typeof createOutboundFetch>[0]) {
  const fetcher = createOutboundFetch(options);
  opened.push(fetcher);
  return fetcher;
}

describe('classifyAddress', () => {
  test('when an address is loopback, private, link-local, multicast, reserved or wraps one of those, then it is not public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
    ]) {
      expect(classifyAddress(address), address).toBe('private');
    }
    for (const address of [
      '0.0.0.0',
      '0.1.2.3',
      '169.254.169.254',
      '::ffff:a9fe:a9fe',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '::',
      '::127.0.0.1',
      'fe80::1',
      'ff02::1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      'not-an-address',
    ]) {
      expect(classifyAddress(address), address).toBe('refused');
    }
  });

  test('when an address is on the public internet, then it is public', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(classifyAddress(address), address).toBe('public');
    }
  });
});

describe('createOutboundFetch', () => {
  test('when private networks are not allowed, then a loopback URL is refused before any request', async () => {
    const site = await serve((_req, res) => res.end('secret'));
    const fetcher = client({ allowPrivateNetwork: false });

    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '0.0.0.0']) {
      await expect(fetcher(`http://${host}:${site.port}/`)).rejects.toMatchObject({
        code: 'blocked_address',
      });
    }
    await expect(
      checkUrlTarget(`http://127.0.0.1:${site.port}/`, { allowPrivateNetwork: false }),
    ).rejects.toMatchObject({ code: 'blocked_address' });
    expect(site.requests).toEqual([]);
  });

  test('when a name resolves to a public address for the check and loopback afterwards, then the loopback server is never reached', async () => {
    const site = await serve((_req, res) => res.end('secret'));
    const lookups: string[] = [];
    // A rebinding DNS server: public on the first answer, loopback on every later one.
    const resolve = async (name: string) => {
      lookups.push(name);
      return lookups.length === 1 ? ['93.184.216.34'] : ['127.0.0.1'];
    };
    const fetcher = client({ allowPrivateNetwork: false, resolve, timeoutMs: 500 });

    await expect(fetcher(`http://rebind.test:${site.port}/`)).rejects.toThrow();

    expect(lookups).toEqual(['rebind.test']);
    expect(site.requests).toEqual([]);
  });

  test('when a name resolves to loopback in production mode, then it is refused', async () => {
    const site = await serve((_req, res) => res.end('secret'));
    const fetcher = client({ allowPrivateNetwork: false, resolve: async () => ['127.0.0.1'] });

    await expect(fetcher(`http://inside.test:${site.port}/`)).rejects.toMatchObject({
      code: 'blocked_address',
      message: `inside.test resolves to non-public address 127.0.0.1`,
    });
    expect(site.requests).toEqual([]);
  });

  test('when a name answers with a public and a private address, then it is refused', async () => {
    const fetcher = client({
      allowPrivateNetwork: false,
      resolve: async () => ['93.184.216.34', '10.0.0.5'],
    });

    await expect(fetcher('https://mixed.test/')).rejects.toMatchObject({
      code: 'blocked_address',
    });
  });

  test('when loopback is allowed, then the request goes to the resolved address and keeps the name as Host', async () => {
    const site = await serve((_req, res) => res.end('hello'));
    const lookups: string[] = [];
    const fetcher = client({
      allowPrivateNetwork: true,
      resolve: async (name) => {
        lookups.push(name);
        return ['127.0.0.1'];
      },
    });

    const response = await fetcher(`http://shop.test:${site.port}/page`);

    expect(await response.text()).toBe('hello');
    expect(site.requests).toEqual([{ url: '/page', host: `shop.test:${site.port}` }]);
    expect(lookups).toEqual(['shop.test']);
  });

  test('when loopback is allowed, then link-local and unspecified addresses are still refused', async () => {
    const fetcher = client({
      allowPrivateNetwork: true,
      resolve: async () => ['169.254.169.254'],
    });

    await expect(fetcher('http://metadata.test/latest')).rejects.toMatchObject({
      code: 'blocked_address',
    });
    await expect(fetcher('http://0.0.0.0:8080/')).rejects.toMatchObject({
      code: 'blocked_address',
    });
  });

  test('when the server redirects to 127.0.0.1, then the redirect is refused and not followed', async () => {
    const inside = await serve((_req, res) => res.end('secret'));
    const site = await serve((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/admin` }).end();
    });
    const fetcher = client({ allowPrivateNetwork: true });

    await expect(fetcher(`http://127.0.0.1:${site.port}/`)).rejects.toMatchObject({
      code: 'redirect_refused',
      status: 302,
    });
    expect(inside.requests).toEqual([]);
  });

  test('when redirects are left to the caller, then the next hop to 127.0.0.1 is checked like the first', async () => {
    const fetcher = client({ allowPrivateNetwork: false, redirects: 'manual' });

    await expect(fetcher('http://127.0.0.1:8080/')).rejects.toMatchObject({
      code: 'blocked_address',
    });
  });

  test('when a response is larger than the cap, then it fails as too large whether or not its length is declared', async () => {
    const body = 'x'.repeat(64 * 1024);
    const declared = await serve((_req, res) => res.end(body));
    const streamed = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 4; i++) res.write(body.slice(0, 16 * 1024));
      res.end();
    });
    const fetcher = client({ allowPrivateNetwork: true, maxResponseBytes: 32 * 1024 });

    const early = await fetcher(`http://127.0.0.1:${declared.port}/`);
    expect(early.status).toBe(200);
    await expect(early.text()).rejects.toMatchObject({ code: 'too_large' });
    const response = await fetcher(`http://127.0.0.1:${streamed.port}/`);
    await expect(response.text()).rejects.toMatchObject({ code: 'too_large' });
  });

  test('when the server never answers, then the request fails with a timeout', async () => {
    const site = await serve(() => undefined);
    const fetcher = client({ allowPrivateNetwork: true, timeoutMs: 300 });

    const started = Date.now();
    await expect(fetcher(`http://127.0.0.1:${site.port}/`)).rejects.toMatchObject({
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('when a request posts JSON, then method, headers and body arrive as sent', async () => {
    let received = '';
    const site = await serve((req, res) => {
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (received += chunk));
      req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end('{}'));
    });
    const fetcher = client({ allowPrivateNetwork: true });

    const response = await fetcher(`http://127.0.0.1:${site.port}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({});
    expect(received).toBe('{"hello":"world"}');
  });
});
