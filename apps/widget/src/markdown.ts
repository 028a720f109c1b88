// Answers are Markdown from a model or from documents anyone could have written, so they are
// turned into DOM nodes piece by piece: text only ever lands in text nodes and no HTML from an
// answer is parsed, whatever it contains.

const safeLink = /^(https?:\/\/|mailto:)/i;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  node.append(...children);
  return node;
}

function link(href: string, label: (Node | string)[]) {
  if (!safeLink.test(href)) return label;
  const anchor = el('a', ...label);
  anchor.href = href;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer nofollow';
  return [anchor];
}

const inlinePattern =
  /(`[^`\n]+`)|(\*\*[^*\n]+\*\*|__[^_\n]+__)|(\*[^*\s][^*\n]*\*|_[^_\s][^_\n]*_)|(\[[^\]\n]+\]\([^)\s]+\))|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/;

export function inline(text: string): (Node | string)[] {
  const out: (Node | string)[] = [];
  let rest = text;
  while (rest) {
    const match = inlinePattern.exec(rest);
    if (!match) {
      out.push(rest);
      break;
    }
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const [token, code, strong, em, mdLink, url] = match;
    if (code) out.push(el('code', code.slice(1, -1)));
    else if (strong) out.push(el('strong', ...inline(strong.slice(2, -2))));
    else if (em) out.push(el('em', ...inline(em.slice(1, -1))));
    else if (mdLink) {
      const split = mdLink.lastIndexOf('](');
      out.push(...link(mdLink.slice(split + 2, -1), inline(mdLink.slice(1, split))));
    } else if (url) out.push(...link(url, [url]));
    rest = rest.slice(match.index + token.length);
  }
  return out;
}

function withBreaks(lines: string[]) {
  const out: (Node | string)[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push(el('br'));
    out.push(...inline(line));
  });
  return out;
}

const bullet = /^\s*[-*+]\s+/;
const numbered = /^\s*\d+[.)]\s+/;

export function renderMarkdown(source: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (!line.trim()) {
      index++;
      continue;
    }
    if (line.trimStart().startsWith('```')) {
      const code: string[] = [];
      index++;
      while (index < lines.length && !lines[index]!.trimStart().startsWith('```')) {
        code.push(lines[index++]!);
      }
      index++;
      fragment.append(el('pre', el('code', code.join('\n'))));
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      fragment.append(el('p', el('strong', ...inline(heading[1]!))));
      index++;
      continue;
    }
    const listKind = bullet.test(line) ? bullet : numbered.test(line) ? numbered : null;
    if (listKind) {
      const list = el(listKind === bullet ? 'ul' : 'ol');
      while (index < lines.length && listKind.test(lines[index]!)) {
        list.append(el('li', ...inline(lines[index++]!.replace(listKind, ''))));
      }
      fragment.append(list);
      continue;
    }
    const paragraph: string[] = [];
    while (
      index < lines.length &&
      lines[index]!.trim() &&
      !bullet.test(lines[index]!) &&
      !numbered.test(lines[index]!) &&
      !lines[index]!.trimStart().startsWith('```')
    ) {
      paragraph.push(lines[index++]!);
    }
    fragment.append(el('p', ...withBreaks(paragraph)));
  }
  return fragment;
}
