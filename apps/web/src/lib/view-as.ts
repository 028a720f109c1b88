import { viewAsHeader, type ViewAsGrant } from '@askwell/shared';
import { useSyncExternalStore } from 'react';

// View as customer, for this tab only: sessionStorage keeps it across a reload, and a new tab
// (or the back office in another tab) is the staff member's own.
const storageKey = 'askwell.view-as';
const listeners = new Set<() => void>();

export type ActiveView = Pick<ViewAsGrant, 'user_id' | 'email' | 'name' | 'token'>;

let current: ActiveView | null | undefined;

function read(): ActiveView | null {
  if (current !== undefined) return current;
  try {
    const stored = window.sessionStorage.getItem(storageKey);
    current = stored ? (JSON.parse(stored) as ActiveView) : null;
  } catch {
    current = null;
  }
  return current;
}

function write(view: ActiveView | null) {
  current = view;
  try {
    if (view) window.sessionStorage.setItem(storageKey, JSON.stringify(view));
    else window.sessionStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode): the view lasts until the page is reloaded.
  }
  for (const listener of listeners) listener();
}

// Stored for the page load that follows (the dashboard, read afresh as the customer); the page
// that starts the view, the back office, is not told, as it would end the view on the spot.
export function startViewAs(grant: ViewAsGrant) {
  const view: ActiveView = {
    user_id: grant.user_id,
    email: grant.email,
    name: grant.name,
    token: grant.token,
  };
  window.sessionStorage.setItem(storageKey, JSON.stringify(view));
}

export function endViewAs() {
  if (read()) write(null);
}

// The grant expired (or the server's secret changed) mid-view: back to Users, where the notice
// says so once, instead of every panel of the dashboard failing with the same error.
export function leaveEndedView() {
  if (!read()) return;
  write(null);
  window.location.assign(`/admin/users?${viewEndedParam}=1`);
}

export const viewEndedParam = 'view-ended';

export function activeView() {
  return typeof window === 'undefined' ? null : read();
}

export function useViewAs() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    activeView,
    () => null,
  );
}

// The header the API reads the view from. Only the dashboard is shown as the customer: the back
// office in the same tab always speaks as the staff member.
export function viewAsHeaders(): Record<string, string> {
  const view = activeView();
  if (!view || !window.location.pathname.startsWith('/dashboard')) return {};
  return { [viewAsHeader]: view.token };
}
