import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { contentHash } from './content-hash';
import { extractMainContent } from './extract-main-content';

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url));
const siteDir = path.resolve(repoRoot, '../shared/testdata/website/sbtools-pkgdown');

function fullText(sections: Array<{ heading?: string; text: string }>): string {
  return sections.map((section) => `${section.heading ?? ''}\n${section.text}`).join('\n');
}

describe('extractMainContent', () => {
  test('when a pkgdown reference page is read, then the article body is kept in heading sections without navbar, sidebar or footer', async () => {
    const html = await readFile(path.join(siteDir, 'reference/item_get.html'), 'utf8');

    const content = extractMainContent(html, 'https://docs.example/reference/item_get.html');

    expect(content.title).toBe('Retrieve SB item — item_get • sbtools');
    expect(content.sections.map((section) => section.heading)).toEqual([
      'Retrieve SB item',
      'Usage',
      'Arguments',
      'Value',
      'Examples',
    ]);
    const text = fullText(content.sections);
    expect(text).toContain(
      'Retrieves an item and its metadata from ScienceBase based on its unique ID.',
    );
    expect(content.sections.find((section) => section.heading === 'Usage')?.text).toBe(
      'item_get(sb_id, ...)',
    );
    expect(text).toContain('res <- query_items(list(s = "Search", q = "water", format = "json"))');
    for (const boilerplate of [
      'Developed by David Blodgett',
      'Toggle navigation',
      'Changelog',
      'Get started',
      'On this page',
      'Skip to contents',
    ]) {
      expect(text).not.toContain(boilerplate);
    }
  });

  test('when a page has navigation links, then links come from the whole page and are absolute without fragments', async () => {
    const html = await readFile(path.join(siteDir, 'reference/item_get.html'), 'utf8');

    const { links } = extractMainContent(html, 'https://docs.example/reference/item_get.html');

    expect(links).toContain('https://docs.example/news/index.html');
    expect(links).toContain('https://docs.example/articles/sbtools.html');
    expect(links).toContain('https://docs.example/reference/sbitem.html');
    expect(links).toContain('https://github.com/DOI-USGS/sbtools/');
    expect(links.some((link) => link.includes('#'))).toBe(false);
    expect(new Set(links).size).toBe(links.length);
  });

  test('when a page has no main element, then the densest block is used and lists, tables and entities are rendered as text', () => {
    const html = `<!doctype html><html><head><title>Opening &amp; hours</title></head><body>
      <div class="navbar"><a href="/a">Home</a> <a href="/b">Pricing</a></div>
      <div class="cookie-banner">We use cookies</div>
      <div class="breadcrumb"><a href="/">Shop</a> › Hours</div>
      <div id="content">
        <h2>When we&#39;re open</h2>
        <p>Our shop   is open   on weekdays,&nbsp;except public holidays, and closes early on Fridays.</p>
        <ul><li>Monday &ndash; Thursday: 9–18</li><li>Friday: <b>9–14</b></li></ul>
        <h3>Prices</h3>
        <table><tr><th>Item</th><th>Price</th></tr><tr><td>Coffee</td><td>€2.50</td></tr></table>
        <pre><code>if (open) {
  serve();
}</code></pre>
      </div>
      <div class="sidebar"><p>Related: a long list of other posts that nobody reads here at all.</p></div>
      <div class="footer">© Example Ltd</div>
      <script>track()</script>
    </body></html>`;

    const content = extractMainContent(html, 'https://shop.example/hours?lang=en#top');

    expect(content.title).toBe('Opening & hours');
    expect(content.sections).toEqual([
      {
        heading: "When we're open",
        text:
          'Our shop is open on weekdays, except public holidays, and closes early on Fridays.\n' +
          '- Monday – Thursday: 9–18\n- Friday: 9–14',
      },
      { heading: 'Prices', text: 'Item | Price\nCoffee | €2.50\nif (open) {\n  serve();\n}' },
    ]);
    expect(content.links).toEqual([
      'https://shop.example/a',
      'https://shop.example/b',
      'https://shop.example/',
    ]);
  });

  test('when only markup changes around the same text, then the content hash stays the same', () => {
    const before = extractMainContent(
      '<main><h1>FAQ</h1><p>Refunds take 5 days.</p></main>',
      'https://x.example/',
    );
    const after = extractMainContent(
      '<nav>New menu</nav><main class="v2"><h1>FAQ</h1><div><p>Refunds  take 5 days.</p></div></main>',
      'https://x.example/',
    );
    const changed = extractMainContent(
      '<main><h1>FAQ</h1><p>Refunds take 7 days.</p></main>',
      'https://x.example/',
    );

    expect(contentHash(after)).toBe(contentHash(before));
    expect(contentHash(changed)).not.toBe(contentHash(before));
  });
});
