import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { formatNumber } from '@/lib/format';

import { axisTick, chartColors } from '../lib/chart-theme';

export type BarRow = { key: string; label: string; value: number; color?: string };

type HorizontalBarChartProps = {
  rows: readonly BarRow[];
  // What a bar counts, shown in the tooltip: 'Visitors', 'Answers'.
  name: string;
  height: number;
  // Room for the longest label on the left.
  labelWidth: number;
};

// One bar per row, labelled on the left; a row with its own colour keeps it.
export function HorizontalBarChart({ rows, name, height, labelWidth }: HorizontalBarChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={chartColors.grid} horizontal={false} />
        <XAxis
          type="number"
          allowDecimals={false}
          tick={axisTick}
          tickFormatter={(value: number) => formatNumber(value)}
        />
        <YAxis type="category" dataKey="label" tick={axisTick} width={labelWidth} />
        <Tooltip formatter={(value) => formatNumber(Number(value))} />
        <Bar
          dataKey="value"
          name={name}
          fill={chartColors.bar}
          radius={[0, 4, 4, 0]}
          isAnimationActive={false}
        >
          {rows.map((row) => (
            <Cell key={row.key} fill={row.color ?? chartColors.bar} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
