import { readConfig, type WidgetConfig } from './config';

type AskwellApi = { version: string; config: WidgetConfig | undefined };

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface Window {
    Askwell?: AskwellApi;
  }
}

// The chat panel arrives with the widget issue; until then the loader only reads its snippet and
// announces itself, so host pages can already carry the tag without any visible change.
const script = document.currentScript as HTMLScriptElement | null;
if (script && !window.Askwell) {
  window.Askwell = { version: '0.1.0', config: readConfig(script) };
}
