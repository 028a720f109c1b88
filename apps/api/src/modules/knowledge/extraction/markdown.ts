import type { ExtractedSection } from './extract-document';

// Markdown.

export function extractMarkdown(source: string): ExtractedSection[] {
  let text = source.replace(/\r\n?/g, '\n');
  const sections: ExtractedSection[] = [];
  const frontMatter = /^(---|\+\+\+)\n([\s\S]*?)\n\1[ \t]*(\n|$)/.exec(text);
  if (frontMatter) {
    text = text.slice(frontMatter[0].length);
    // Metadata is noise for retrieval except the human-written title and summary.
    const kept = frontMatter[2]!
      .split('\n')
      .map((line) => /^(title|description|summary|intro)\s*[:=]\s*(.+)$/i.exec(line))
      .filter((match) => match !== null)
      .map(
        (match) =>
          `${match[1]!.toLowerCase()}: ${match[2]!.trim().replace(/^(['"])(.*)\1$/, '$2')}`,
      );
    if (kept.length > 0) sections.push({ text: kept.join('\n') });
  }
  text = text.replace(/<!--[\s\S]*?-->/g, '');
  let current: ExtractedSection = { text: '' };
  let lines: string[] = [];
  const flush = () => {
    current.text = lines.join('\n');
    if (current.text.trim() || current.heading) sections.push(current);
    lines = [];
  };
  let fence: string | null = null;
  const sourceLines = text.split('\n');
  for (let i = 0; i < sourceLines.length; i++) {
    const line = sourceLines[i]!;
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = null;
      else lines.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const next = sourceLines[i + 1] ?? '';
    const setext = line.trim() && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+|]/.test(line);
    if (heading || setext) {
      flush();
      const title = inlineMarkdown(heading ? heading[2]! : line.trim());
      current = { text: '', heading: title };
      lines.push(title);
      if (setext) i++;
      continue;
    }
    if (/^\s*\[[^\]]+\]:\s*\S+/.test(line)) continue;
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue;
    if (/^\s*([-*_]\s*){3,}$/.test(line)) continue;
    const body = line
      .replace(/^\s*(>\s?)+/, '')
      .replace(/^(\s*)[*+](\s+)/, '$1-$2')
      .replace(/^(\s*)- \[[ xX]\]\s+/, '$1- ');
    lines.push(inlineMarkdown(body));
  }
  flush();
  return sections;
}

function inlineMarkdown(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/\{%.*?%\}/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/(\*\*|__|~~)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1');
}
