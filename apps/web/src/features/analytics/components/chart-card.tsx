import clsx from 'clsx';
import { ChartColumn, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';

type ChartCardProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  // What the chart shows, read out in place of the drawing.
  chartLabel: string;
  chart: ReactNode;
  // The same figures as an accessible table.
  table: ReactNode;
  // Shown instead of both when there is nothing to chart.
  empty?: ReactNode;
  // Shown below the chart or table in either view.
  children?: ReactNode;
  className?: string;
};

// A card with a chart and a 'Show table' switch, so every figure can also be read as text: by
// screen readers, and by anyone who wants the exact numbers.
export function ChartCard({
  title,
  description,
  icon,
  chartLabel,
  chart,
  table,
  empty,
  children,
  className,
}: ChartCardProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const regionId = useId();
  const showTable = view === 'table';

  return (
    <Panel
      title={title}
      description={description}
      icon={icon}
      className={clsx('min-w-0', className)}
      actions={
        empty ? undefined : (
          <Button
            variant="secondary"
            size="sm"
            aria-controls={regionId}
            onClick={() => setView(showTable ? 'chart' : 'table')}
          >
            {showTable ? (
              <ChartColumn className="size-4" aria-hidden="true" />
            ) : (
              <Table2 className="size-4" aria-hidden="true" />
            )}
            {showTable ? 'Show chart' : 'Show table'}
          </Button>
        )
      }
    >
      {empty ?? (
        <div id={regionId}>
          {showTable ? (
            table
          ) : (
            // The drawing itself says nothing to a screen reader; the label and the table do.
            <div role="img" aria-label={chartLabel} className="px-2 py-4 sm:px-4">
              {chart}
            </div>
          )}
        </div>
      )}
      {children}
    </Panel>
  );
}
