import clsx from 'clsx';
import { ArrowRight, ChevronDown, HeartPulse, Landmark, ShoppingCart, Truck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';

import type { IndustrySlug } from '@/config/paths';
import { paths } from '@/config/paths';

import { caseStudyLinks } from './dashboard-nav';
import {
  focusFirstItem,
  moveFocusWithin,
  popoverPanelStyles,
  useDismissOnOutsidePress,
} from './dashboard-popover';

const icons: Record<IndustrySlug, typeof HeartPulse> = {
  healthcare: HeartPulse,
  logistics: Truck,
  banking: Landmark,
  ecommerce: ShoppingCart,
};

const hoverCloseDelayMs = 150;

// Opens on hover for a mouse, on tap for touch, and on Enter, Space or ArrowDown for a keyboard.
export function DashboardCaseStudiesMenu() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pointerType = useRef<string | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const close = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(open, close, containerRef);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const openAndFocusFirst = () => {
    flushSync(() => setOpen(true));
    focusFirstItem(panelRef.current);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocusFirst();
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    moveFocusWithin(event);
  };

  return (
    <div
      ref={containerRef}
      className="relative"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        window.clearTimeout(closeTimer.current);
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        closeTimer.current = window.setTimeout(close, hoverCloseDelayMs);
      }}
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onPointerDown={(event) => {
          pointerType.current = event.pointerType;
        }}
        onClick={() => {
          // A mouse has already opened it by hovering; a second toggle would shut it at once.
          if (pointerType.current === 'mouse') setOpen(true);
          else setOpen((current) => !current);
          pointerType.current = null;
        }}
        onKeyDown={onButtonKeyDown}
        className={clsx(
          'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium transition-colors',
          open
            ? 'bg-slate-100 text-slate-900'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )}
      >
        Case Studies
        <ChevronDown
          className={clsx('size-4 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <div
        ref={panelRef}
        id={`${id}-panel`}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
        className={clsx(popoverPanelStyles, 'left-0 w-80 origin-top-left')}
      >
        <ul>
          {caseStudyLinks.map(({ slug, label, blurb }) => {
            const Icon = icons[slug];
            return (
              <li key={slug}>
                <Link
                  to={paths.caseStudy(slug)}
                  onClick={close}
                  className="flex items-start gap-3 rounded-lg p-3 hover:bg-slate-50 focus-visible:bg-slate-50"
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{label}</span>
                    <span className="block text-xs text-slate-600">{blurb}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-1 border-t border-slate-100 pt-1">
          <Link
            to={paths.caseStudies}
            onClick={close}
            className="flex items-center justify-between rounded-lg px-3 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            View all case studies
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </div>
  );
}
