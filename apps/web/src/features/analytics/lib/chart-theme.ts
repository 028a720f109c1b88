// SVG attributes take plain colours, not Tailwind classes; these match the brand and status
// colours in index.css.
export const chartColors = {
  conversations: '#1d4ed8',
  messages: '#60a5fa',
  leads: '#059669',
  answered: '#059669',
  unanswered: '#d97706',
  bar: '#2563eb',
  grid: '#e2e8f0',
  axis: '#475569',
} as const;

export const axisTick = { fill: chartColors.axis, fontSize: 12 } as const;
