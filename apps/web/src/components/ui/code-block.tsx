import type { ReactNode } from 'react';

import { CopyButton } from './copy-button';

type CodeBlockProps = {
  code: string;
  // What the block holds, e.g. "curl" or "Swift"; shown above the code and named by the Copy button.
  language: string;
  title?: ReactNode;
  testId?: string;
};

// Long lines scroll inside the block, never the page, and keep their shape (a wrapped shell line
// continuation reads as a different command).
export function CodeBlock({ code, language, title, testId }: CodeBlockProps) {
  return (
    <figure className="overflow-hidden rounded-xl bg-slate-950 ring-1 ring-slate-800">
      <figcaption className="flex items-center justify-between gap-3 border-b border-slate-800 px-4 py-2">
        <span className="min-w-0 truncate text-xs font-semibold tracking-wide text-slate-300 uppercase">
          {title ?? language}
        </span>
        <CopyButton text={code} label={`Copy ${language} example`} tone="dark" />
      </figcaption>
      <pre
        data-testid={testId}
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-6 whitespace-pre text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-400"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
