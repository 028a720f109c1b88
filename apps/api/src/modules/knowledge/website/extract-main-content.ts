import { NodeType, parse } from 'node-html-parser';
import type { HTMLElement, Node } from 'node-html-parser';

export type ContentSection = { heading?: string; text: string };

export type ExtractedContent = {
  title: string | null;
  sections: ContentSection[];
  links: string[];
};

const ALWAYS_DROPPED = 'script, style, noscript, template, svg, iframe, object, embed, canvas';
const BOILERPLATE_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'form', 'dialog']);
const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'search',
  'complementary',
]);
const BOILERPLATE_WORDS = [
  'nav',
  'navbar',
  'navigation',
  'sidebar',
  'footer',
  'breadcrumb',
  'breadcrumbs',
  'cookie',
  'cookies',
  'menu',
  'toc',
  'skip-link',
];
// Visually hidden utility classes (Bootstrap, Tailwind, WordPress) mark text no reader sees.
const HIDDEN_CLASSES = new Set([
  'd-none',
  'hidden',
  'sr-only',
  'visually-hidden',
  'screen-reader-text',
]);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4']);
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'h5',
  'h6',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
const TEXT_BLOCK_TAGS = new Set(['p', 'pre', 'li', 'td', 'dd', 'blockquote']);

export function extractMainContent(html: string, url: string): ExtractedContent {
  const root = parse(html, {
    comment: false,
    // pre is parsed like any element so highlighted code loses its <span> markup.
    blockTextElements: { script: true, style: true, noscript: true },
  });

  const title = extractTitle(root);
  const links = extractLinks(root, url);

  for (const element of root.querySelectorAll(ALWAYS_DROPPED)) element.remove();

  const semanticRoot = findSemanticRoot(root);
  let contentRoot: HTMLElement;
  if (semanticRoot) {
    removeBoilerplate(semanticRoot, semanticRoot);
    contentRoot = semanticRoot;
  } else {
    const body = root.querySelector('body') ?? root;
    removeBoilerplate(body, body);
    contentRoot = findDensestBlock(body);
  }

  return { title, sections: toSections(contentRoot), links };
}

function extractTitle(root: HTMLElement): string | null {
  const candidates = [
    root.querySelector('title')?.text,
    root.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    root.querySelector('h1')?.text,
  ];
  for (const candidate of candidates) {
    const text = collapse(candidate ?? '');
    if (text) return text;
  }
  return null;
}

function extractLinks(root: HTMLElement, pageUrl: string): string[] {
  const baseHref = root.querySelector('base[href]')?.getAttribute('href');
  let base: URL;
  try {
    base = new URL(baseHref ?? pageUrl, pageUrl);
  } catch {
    base = new URL(pageUrl);
  }
  const links = new Set<string>();
  for (const anchor of root.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href')?.trim();
    if (!href) continue;
    let resolved: URL;
    try {
      resolved = new URL(href, base);
    } catch {
      continue;
    }
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') continue;
    resolved.hash = '';
    links.add(resolved.href);
  }
  return [...links];
}

function findSemanticRoot(root: HTMLElement): HTMLElement | null {
  const main = root.querySelector('main') ?? root.querySelector('[role="main"]');
  if (main && collapse(main.text)) return main;
  const articles = root.querySelectorAll('article');
  let best: HTMLElement | null = null;
  let bestLength = 0;
  for (const article of articles) {
    const length = collapse(article.text).length;
    if (length > bestLength) {
      best = article;
      bestLength = length;
    }
  }
  return best;
}

function isBoilerplate(element: HTMLElement): boolean {
  const tag = element.tagName?.toLowerCase();
  if (!tag) return false;
  if (BOILERPLATE_TAGS.has(tag)) {
    // An article's own <header> usually carries its title, which is content.
    return !(tag === 'header' && element.querySelector('h1, h2'));
  }
  const role = element.getAttribute('role')?.toLowerCase();
  if (role && BOILERPLATE_ROLES.has(role)) return true;
  if (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('hidden')) return true;
  const classes = (element.getAttribute('class') ?? '').toLowerCase().split(/\s+/);
  if (classes.some((name) => HIDDEN_CLASSES.has(name))) return true;
  const id = (element.getAttribute('id') ?? '').toLowerCase();
  return [...classes, id].some((name) =>
    BOILERPLATE_WORDS.some(
      (word) => name === word || name.startsWith(`${word}-`) || name.startsWith(`${word}_`),
    ),
  );
}

// The scope itself is never removed: a <body class="sidebar-open"> must not take the whole page along.
function removeBoilerplate(element: HTMLElement, scope: HTMLElement): void {
  for (const child of [...element.childNodes]) {
    if (child.nodeType !== NodeType.ELEMENT_NODE) continue;
    const childElement = child as HTMLElement;
    if (childElement !== scope && isBoilerplate(childElement)) childElement.remove();
    else removeBoilerplate(childElement, scope);
  }
}

// Without <main>/<article>, score containers by the text of their paragraph-like descendants,
// discounted by link density so that leftover link lists lose to prose (a Readability-style guess).
function findDensestBlock(body: HTMLElement): HTMLElement {
  const scores = new Map<HTMLElement, number>();
  for (const block of body.querySelectorAll([...TEXT_BLOCK_TAGS].join(', '))) {
    const length = collapse(block.text).length;
    if (length < 20) continue;
    const parent = block.parentNode;
    if (parent) scores.set(parent, (scores.get(parent) ?? 0) + length);
    const grandparent = parent?.parentNode;
    if (grandparent) scores.set(grandparent, (scores.get(grandparent) ?? 0) + length / 2);
  }
  let best: HTMLElement = body;
  let bestScore = 0;
  for (const [element, score] of scores) {
    const textLength = collapse(element.text).length || 1;
    const linkLength = element
      .querySelectorAll('a')
      .reduce((sum, anchor) => sum + collapse(anchor.text).length, 0);
    const adjusted = score * (1 - Math.min(1, linkLength / textLength));
    if (adjusted > bestScore) {
      best = element;
      bestScore = adjusted;
    }
  }
  // A winner holding a small share of the page means the text is spread out; keep it all.
  const bodyLength = collapse(body.text).length;
  if (best !== body && collapse(best.text).length < bodyLength * 0.3) return body;
  return best;
}

type SectionBuilder = { heading?: string; blocks: string[] };

function toSections(contentRoot: HTMLElement): ContentSection[] {
  const sections: SectionBuilder[] = [{ blocks: [] }];
  let buffer = '';
  let prefix = '';

  const current = (): SectionBuilder => sections[sections.length - 1] as SectionBuilder;
  const emit = (text: string): void => {
    if (text) current().blocks.push(text);
  };
  const flush = (): void => {
    const text = collapse(buffer);
    buffer = '';
    if (!text) return;
    emit(prefix + text);
    prefix = '';
  };

  const walk = (node: Node): void => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      buffer += node.text;
      return;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return;
    const element = node as HTMLElement;
    const tag = element.tagName?.toLowerCase() ?? '';

    if (HEADING_TAGS.has(tag)) {
      flush();
      const heading = collapse(element.text);
      if (heading) sections.push({ heading, blocks: [] });
      return;
    }
    if (tag === 'pre') {
      flush();
      emit(tidyPreformatted(element.text));
      return;
    }
    if (tag === 'tr') {
      flush();
      const cells = element.childNodes
        .filter((cell): cell is HTMLElement => cell.nodeType === NodeType.ELEMENT_NODE)
        .filter((cell) => ['td', 'th'].includes(cell.tagName.toLowerCase()))
        .map((cell) => collapse(cell.text))
        .filter(Boolean);
      if (cells.length > 0) emit(cells.join(' | '));
      return;
    }
    if (tag === 'br') {
      buffer += ' ';
      return;
    }
    if (tag === 'li') {
      flush();
      prefix = '- ';
      for (const child of element.childNodes) walk(child);
      flush();
      prefix = '';
      return;
    }
    const isBlock = BLOCK_TAGS.has(tag);
    if (isBlock) flush();
    for (const child of element.childNodes) walk(child);
    if (isBlock) flush();
  };

  walk(contentRoot);
  flush();

  return sections
    .filter((section) => section.blocks.length > 0)
    .map((section) => {
      const text = section.blocks.join('\n');
      return section.heading === undefined ? { text } : { heading: section.heading, text };
    });
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// Code keeps its line structure and indentation; only trailing spaces and blank runs go.
function tidyPreformatted(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}
