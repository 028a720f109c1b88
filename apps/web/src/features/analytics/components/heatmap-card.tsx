import type { AnalyticsHeatCell } from '@askwell/shared';
import { CalendarClock } from 'lucide-react';

import { Panel } from '@/components/ui/panel';
import { formatNumber } from '@/lib/format';

import { heatmapGrid, weekdayNames } from '../lib/labels';
import { EmptyNote } from './data-table';

const hours = Array.from({ length: 24 }, (_, hour) => hour);

// Brand blue mixed into white: a quiet hour is pale, the busiest is full colour. Mixed in sRGB
// so the contrast is predictable: dark text stays at least 4.5:1 up to 65 % and white text from
// 75 %, so shares in between are pushed up to 75 %.
function cellStyle(messages: number, max: number) {
  if (messages === 0 || max === 0) return undefined;
  let share = Math.round(10 + (messages / max) * 90);
  if (share > 65 && share < 75) share = 75;
  return {
    backgroundColor: `color-mix(in srgb, var(--color-brand-900) ${share}%, white)`,
    color: share >= 75 ? 'white' : undefined,
  };
}

// recharts has no heatmap, and a table reads cell by cell with its row and column headers.
export function HeatmapCard({
  heatmap,
  timeZone,
}: {
  heatmap: AnalyticsHeatCell[];
  timeZone: string;
}) {
  const grid = heatmapGrid(heatmap);
  const max = Math.max(0, ...grid.flat());
  const shortNames = weekdayNames('short');
  const longNames = weekdayNames('long');

  return (
    <Panel
      title="Busiest hours"
      description={`Messages by weekday and hour of day (${timeZone})`}
      icon={<CalendarClock className="size-5" aria-hidden="true" />}
      className="min-w-0"
    >
      {max === 0 ? (
        <EmptyNote>No messages in this period.</EmptyNote>
      ) : (
        // Focusable so the keyboard can scroll it on a phone, where it is wider than the screen.
        <div
          role="region"
          aria-label="Busiest hours table"
          tabIndex={0}
          className="relative overflow-x-auto p-4 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 sm:p-5"
        >
          <table className="w-full border-separate border-spacing-0.5 text-xs">
            <caption className="sr-only">
              Messages by weekday and hour of day, {timeZone}; darker cells are busier
            </caption>
            <thead>
              <tr>
                <td />
                {hours.map((hour) => (
                  <th
                    key={hour}
                    scope="col"
                    className="min-w-7 px-0.5 pb-1 text-center font-medium text-slate-600 tabular-nums"
                  >
                    <span className="sr-only">Hour </span>
                    {hour}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.map((row, weekday) => (
                <tr key={weekday}>
                  <th
                    scope="row"
                    className="pr-2 text-left font-medium whitespace-nowrap text-slate-700"
                  >
                    <abbr title={longNames[weekday]} className="no-underline">
                      {shortNames[weekday]}
                    </abbr>
                  </th>
                  {row.map((messages, hour) => (
                    <td
                      key={hour}
                      title={`${longNames[weekday]}, ${hour}:00: ${formatNumber(messages)}`}
                      style={cellStyle(messages, max)}
                      className="h-7 min-w-7 rounded bg-slate-50 text-center text-[11px] tabular-nums text-slate-900"
                    >
                      {messages === 0 ? <span className="sr-only">0</span> : formatNumber(messages)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
