export type WidgetPosition = 'bottom-right' | 'bottom-left';
export type WidgetTheme = 'light' | 'dark';

export type EmbedOptions = {
  origin: string;
  botId: string;
  position: WidgetPosition;
  theme: WidgetTheme;
};

// Bot ids are UUIDs and the other values come from fixed lists, but the snippet is pasted into
// other people's HTML, so every attribute is escaped anyway.
function attribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function embedSnippet({ origin, botId, position, theme }: EmbedOptions) {
  const src = `${origin.replace(/\/+$/, '')}/widget.js`;
  return `<script src="${attribute(src)}" data-bot-id="${attribute(botId)}" data-position="${position}" data-theme="${theme}" async></script>`;
}

export function previewUrl({ botId, position, theme }: Omit<EmbedOptions, 'origin'>) {
  const query = new URLSearchParams({ botId, position, theme });
  return `/widget-preview?${query.toString()}`;
}
