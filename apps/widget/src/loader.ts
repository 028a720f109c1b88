import { presenceHeartbeatSeconds } from '@askwell/shared/dashboard';
import { widgetLanguageOfTag } from '@askwell/shared/widget';
import { readConfig, type WidgetConfig } from './config';
import { panelGlobal, type ConfigResult, type PanelApi, type PanelMount } from './contract';

declare const __ASKWELL_PANEL__: string;

type AskwellApi = {
  version: string;
  open: () => void;
  close: () => void;
  toggle: () => void;
  reset: () => Promise<void>;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface Window {
    Askwell?: AskwellApi;
    [panelGlobal]?: PanelMount;
  }
}

const labels: Record<string, string> = {
  en: 'Open chat',
  es: 'Abrir chat',
  de: 'Chat öffnen',
  fr: 'Ouvrir le chat',
  it: 'Apri la chat',
  pt: 'Abrir chat',
  nl: 'Chat openen',
  pl: 'Otwórz czat',
  tr: 'Sohbeti aç',
  ru: 'Открыть чат',
  ar: 'فتح المحادثة',
  zh: '打开聊天',
  'zh-Hant': '開啟聊天',
  ja: 'チャットを開く',
  ko: '채팅 열기',
};

// Only the launcher lives here; everything else arrives with the panel chunk on first open, so a
// host page pays a few hundred bytes until a visitor wants to chat.
const launcherCss = `
:host{all:initial}
*{box-sizing:border-box}
.frame{position:fixed;bottom:20px;z-index:2147483000;font:400 15px/1.45 var(--aw-font,system-ui,-apple-system,"Segoe UI",sans-serif);color:#1f2937}
.frame.right{right:20px}.frame.left{left:20px}
.launcher{all:unset;box-sizing:border-box;display:flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:50%;cursor:pointer;background:var(--aw-button,#1e40af);color:var(--aw-on-button,#fff);box-shadow:0 6px 20px rgba(15,23,42,.28);transition:transform .15s ease}
.launcher:hover{transform:scale(1.06)}
.launcher:focus-visible{outline:3px solid var(--aw-focus,#93c5fd);outline-offset:3px}
.launcher svg{width:26px;height:26px}
.launcher .x{display:none}.frame.open .launcher .x{display:block}.frame.open .launcher .bubble{display:none}
@media (prefers-reduced-motion:reduce){.launcher{transition:none}}
`;

const icons =
  '<svg class="bubble" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 9 9 0 0 1-3.9-.9L3 20.5l1.5-4.6a8.4 8.4 0 0 1-.9-3.9A8.5 8.5 0 0 1 12 3.1a8.4 8.4 0 0 1 9 8.4z"/></svg><svg class="x" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';

// The owner's dashboard counts visitors with a page holding the widget open: a beat now and every
// presenceHeartbeatSeconds, and a last one as the page goes away. The visitor id is the one the
// panel's sessions use (transport.ts), made here on a first visit so both name the same visitor.
function reportPresence(api: string, botId: string) {
  const visitorKey = `askwell:${botId}:visitor`;
  let visitorId: string | null = null;
  try {
    visitorId = localStorage.getItem(visitorKey);
  } catch {
    // Without storage the visitor is new on every page.
  }
  if (!visitorId || !/^[A-Za-z0-9_-]{16,64}$/.test(visitorId)) {
    // getRandomValues, unlike randomUUID, works on plain-http host pages too.
    visitorId = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
    try {
      localStorage.setItem(visitorKey, visitorId);
    } catch {
      // As above.
    }
  }
  const beat = (leaving: boolean) =>
    void fetch(`${api}/presence`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ visitorId, leaving }),
      keepalive: leaving,
    }).catch(() => undefined);
  beat(false);
  setInterval(() => beat(false), presenceHeartbeatSeconds * 1000);
  window.addEventListener('pagehide', () => beat(true));
  // A page restored from the back/forward cache is open again.
  window.addEventListener('pageshow', (event) => event.persisted && beat(false));
}

function start(settings: WidgetConfig) {
  const api = `${settings.origin}/v1/widget/bots/${encodeURIComponent(settings.botId)}`;
  const lang = navigator.language || 'en';

  const host = document.createElement('askwell-widget');
  // Inline !important beats any host stylesheet, so the page cannot hide, move or restyle the
  // element the widget lives in; the shadow root keeps the page's CSS out of everything inside.
  host.setAttribute(
    'style',
    'all:initial!important;position:fixed!important;inset:auto!important;width:0!important;height:0!important;overflow:visible!important;display:block!important;z-index:2147483000!important;contain:none!important',
  );
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = launcherCss;
  const frame = document.createElement('div');
  frame.className = `frame ${settings.position === 'bottom-left' ? 'left' : 'right'} ${settings.theme}`;
  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';
  launcher.setAttribute('aria-label', labels[widgetLanguageOfTag(lang) ?? 'en'] ?? labels.en!);
  launcher.setAttribute('aria-expanded', 'false');
  launcher.setAttribute('aria-haspopup', 'dialog');
  launcher.innerHTML = icons;
  frame.append(launcher);
  root.append(style, frame);
  document.body.append(host);

  const config: Promise<ConfigResult> = fetch(`${api}/config?lang=${encodeURIComponent(lang)}`)
    .then(async (response) => {
      const body = await response.json();
      return response.ok
        ? { ok: true as const, config: body }
        : { ok: false as const, code: body?.error?.code ?? 'error', status: response.status };
    })
    .catch(() => ({ ok: false as const, code: 'network', status: 0 }));
  // The brand colour from the last visit paints the button at once instead of after the fetch.
  const colourKey = `askwell:${settings.botId}:colour`;
  const paint = (colour: string | null) => colour && frame.style.setProperty('--aw-button', colour);
  try {
    paint(localStorage.getItem(colourKey));
  } catch {
    // Without storage the button starts in the default colour.
  }
  void config.then((result) => {
    if (!result.ok) return;
    const { widgetConfig } = result.config;
    paint(widgetConfig.buttonColor);
    frame.style.setProperty('--aw-font', widgetConfig.fontFamily);
    try {
      localStorage.setItem(colourKey, widgetConfig.buttonColor);
    } catch {
      // As above.
    }
  });

  // The owner's analytics funnel: this page loaded the widget, and (once per page) it was opened.
  // The owner's own preview is not a visitor.
  const counted = config.then((result) => result.ok && !result.config.preview);
  const countEvent = (type: 'loaded' | 'opened') =>
    void counted.then((yes) => {
      if (!yes) return;
      void fetch(`${api}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type, pageUrl: location.href.split(/[?#]/)[0] }),
      }).catch(() => undefined);
    });
  void counted.then((yes) => {
    if (!yes) return;
    reportPresence(api, settings.botId);
    countEvent('loaded');
  });
  let openCounted = false;

  const emit = (name: string, detail?: unknown) => {
    window.dispatchEvent(new CustomEvent(`askwell:${name}`, { detail }));
  };
  const openKey = `askwell:${settings.botId}:open`;
  let isOpen = false;
  const setOpen = (open: boolean) => {
    isOpen = open;
    if (open && !openCounted) {
      openCounted = true;
      countEvent('opened');
    }
    frame.classList.toggle('open', open);
    launcher.setAttribute('aria-expanded', String(open));
    try {
      if (open) sessionStorage.setItem(openKey, '1');
      else sessionStorage.removeItem(openKey);
    } catch {
      // Storage can be blocked (private modes, sandboxed frames); the widget still works.
    }
  };

  let panel: Promise<PanelApi> | undefined;
  const loadPanel = () => {
    panel ??= new Promise<PanelMount>((resolve, reject) => {
      if (window[panelGlobal]) return resolve(window[panelGlobal]);
      const script = document.createElement('script');
      script.src = `${settings.origin}/widget-assets/${__ASKWELL_PANEL__}`;
      script.async = true;
      script.onload = () => (window[panelGlobal] ? resolve(window[panelGlobal]) : reject());
      script.onerror = reject;
      document.head.append(script);
    }).then((mount) => mount({ root, frame, launcher, settings, config, emit, setOpen }));
    panel.catch(() => {
      panel = undefined;
    });
    return panel;
  };

  const open = () => void loadPanel().then((loaded) => loaded.open());
  const close = () => void panel?.then((loaded) => loaded.close());
  launcher.addEventListener('click', () => (isOpen ? close() : open()));
  // Start fetching the panel when the visitor shows intent, so opening feels instant.
  launcher.addEventListener('pointerenter', () => void loadPanel(), { once: true });
  launcher.addEventListener('focus', () => void loadPanel(), { once: true });

  window.Askwell = {
    version: '1.0.0',
    open,
    close,
    toggle: () => (isOpen ? close() : open()),
    reset: async () => (await loadPanel()).reset(),
  };

  let reopen = settings.openOnLoad;
  try {
    reopen ||= sessionStorage.getItem(openKey) === '1';
  } catch {
    // See above: without storage the panel simply starts closed.
  }
  if (reopen) open();
}

// Tag managers inject the snippet in ways where currentScript is unset; the tag is found by its
// attributes then.
const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-bot-id][src*="widget.js"]');
const settings = script ? readConfig(script) : undefined;
if (settings && !window.Askwell) {
  if (document.body) start(settings);
  else document.addEventListener('DOMContentLoaded', () => start(settings), { once: true });
}
