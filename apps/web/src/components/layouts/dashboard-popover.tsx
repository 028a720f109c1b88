import { useEffect, type KeyboardEvent, type RefObject } from 'react';

// Closes a header popover on a press outside it; Escape is each popover's own business because
// it also hands focus back to its button.
export function useDismissOnOutsidePress(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close, container]);
}

// Arrow keys, Home and End move between the links and buttons of an open popover.
export function moveFocusWithin(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
  );
  if (items.length === 0) return;
  event.preventDefault();
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? (index + 1) % items.length
          : (index - 1 + items.length) % items.length;
  items[next]?.focus();
}

export function focusFirstItem(container: HTMLElement | null) {
  container?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
}

export const popoverPanelStyles =
  'absolute z-50 mt-2 origin-top-right rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-900/10 focus:outline-none';
