import clsx from 'clsx';
import type { ReactNode } from 'react';

type SectionHeadingProps = {
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: 'center' | 'left';
  id?: string;
  as?: 'h1' | 'h2';
  className?: string;
};

export function SectionHeading({
  eyebrow,
  title,
  description,
  align = 'center',
  id,
  as: Heading = 'h2',
  className,
}: SectionHeadingProps) {
  return (
    <div
      className={clsx(
        align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl',
        className,
      )}
    >
      {eyebrow && (
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      )}
      <Heading
        id={id}
        className={clsx(
          'mt-3 font-bold tracking-tight text-balance text-slate-900',
          Heading === 'h1' ? 'text-4xl sm:text-5xl' : 'text-3xl sm:text-4xl',
        )}
      >
        {title}
      </Heading>
      {description && (
        <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{description}</p>
      )}
    </div>
  );
}
