import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HostSite = { origin: string; close: () => Promise<void> };

// A customer's website on its own loopback port, holding only the embed snippet, so the widget
// runs cross-origin exactly as on a real site. Every path serves the same page.
export async function startHostSite(
  baseURL: string,
  botId: string,
  { title = 'Harbour Bakery', lang = 'en' }: { title?: string; lang?: string } = {},
): Promise<HostSite> {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1></main><script src="${baseURL}/widget.js" data-bot-id="${botId}" async></script></body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
