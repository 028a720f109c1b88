import clsx from 'clsx';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';

import { buttonStyles, type ButtonVariant } from './button';

// navigator.clipboard exists only on secure origins; a self-hosted install on plain http over the
// LAN still deserves a working Copy button.
async function writeClipboard(text: string) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

type CopyButtonProps = {
  text: string;
  // Names what is copied for screen readers, e.g. "Copy curl example".
  label?: string;
  variant?: ButtonVariant;
  // 'dark' sits on a dark code block.
  tone?: 'light' | 'dark';
  className?: string;
};

// Spec §9: the confirmation 'Copied!' shows for 2 seconds.
export function CopyButton({
  text,
  label = 'Copy',
  variant = 'secondary',
  tone = 'light',
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await writeClipboard(text);
      setCopied(true);
    } catch {
      toast.error('Copying failed. Select the text and copy it by hand.');
    }
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? 'Copied!' : label}
      className={
        tone === 'dark'
          ? clsx(
              'inline-flex h-8 min-w-24 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-slate-100 transition-colors hover:bg-slate-800 hover:text-white',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400',
              className,
            )
          : buttonStyles({ variant, size: 'sm', className: clsx('min-w-24', className) })
      }
    >
      {copied ? (
        <Check
          className={clsx('size-4', tone === 'dark' ? 'text-emerald-400' : 'text-emerald-600')}
          aria-hidden="true"
        />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </button>
  );
}
