export type WidgetPosition = 'bottom-right' | 'bottom-left';
export type WidgetTheme = 'light' | 'dark';

export type WidgetConfig = {
  botId: string;
  position: WidgetPosition;
  theme: WidgetTheme;
  origin: string;
  // Opens the panel as soon as the page loads (Askwell's own preview page uses it).
  openOnLoad: boolean;
};

// The snippet's data-* attributes are the only configuration a host page gives; anything else
// falls back to the documented defaults.
export function readConfig(script: HTMLScriptElement): WidgetConfig | undefined {
  const botId = script.dataset.botId?.trim();
  if (!botId) return undefined;
  return {
    botId,
    position: script.dataset.position === 'bottom-left' ? 'bottom-left' : 'bottom-right',
    theme: script.dataset.theme === 'dark' ? 'dark' : 'light',
    origin: new URL(script.src, window.location.href).origin,
    openOnLoad: script.dataset.open === 'true',
  };
}
