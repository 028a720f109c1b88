export const editorTabs = [
  { id: 'basic', label: 'Basic Information' },
  { id: 'personality', label: 'Personality & Goals' },
  { id: 'appearance', label: 'Widget Appearance' },
  { id: 'training', label: 'Training' },
] as const;

export type EditorTab = (typeof editorTabs)[number]['id'];

export function isEditorTab(value: unknown): value is EditorTab {
  return editorTabs.some((tab) => tab.id === value);
}

// Which tab holds the control of a (dotted) field path from the form or the server.
export function tabForField(path: string): EditorTab {
  if (path === 'name' || path === 'description') return 'basic';
  if (path.startsWith('widgetConfig')) return 'appearance';
  if (/^(enabled|allowedDomains|leadCapture|leadAfterMessages|hideBranding)/.test(path))
    return 'appearance';
  return 'personality';
}
