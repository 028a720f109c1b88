import type { WidgetBotConfig } from '@askwell/shared';
import type { WidgetConfig } from './config';

export type ConfigResult =
  { ok: true; config: WidgetBotConfig } | { ok: false; code: string; status: number };

// What the loader hands the lazily loaded panel.
export type PanelContext = {
  root: ShadowRoot;
  frame: HTMLElement;
  launcher: HTMLButtonElement;
  settings: WidgetConfig;
  config: Promise<ConfigResult>;
  emit: (name: 'open' | 'close' | 'message' | 'lead', detail?: unknown) => void;
  setOpen: (open: boolean) => void;
};

export type PanelApi = { open: () => void; close: () => void; reset: () => Promise<void> };

export type PanelMount = (context: PanelContext) => PanelApi;

export const panelGlobal = '__askwellPanel';
