// The analytics screens' charts (decision 0092): recharts, imported only by these screens, so it
// travels in their lazy chunks and never in the public pages' JS. Each chart sits beside a table
// of the same figures (the table is what a screen reader and an export read).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** A group's name on an axis, shortened (the tooltip and the table keep it whole). */
const short = (v: unknown) => {
  const text = String(v);
  return text.length > 8 ? `${text.slice(0, 8)}…` : text;
};

export type ChartSeries = { key: string; label: string; color: string };

/** A bar chart of `rows` (one bar group per row, stacked when asked), labelled by `label`. */
export function BarsChart({
  rows,
  label,
  series,
  stacked = false,
  unit,
  title,
  horizontal = false,
}: {
  rows: Record<string, string | number>[];
  label: string;
  series: ChartSeries[];
  stacked?: boolean;
  unit: string;
  title: string;
  /** Bars along the x axis, one row per group named on the y axis (long names, many groups). */
  horizontal?: boolean;
}) {
  const format = (v: unknown) => `${Number(v).toLocaleString('zh-CN', { maximumFractionDigits: 2 })} ${unit}`;
  return (
    <figure
      className="w-full min-w-0"
      style={{ height: horizontal ? 64 + rows.length * series.length * 12 : 288 }}
      aria-label={title}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" tick={{ fontSize: 12 }} />
              <YAxis
                type="category"
                dataKey={label}
                tick={{ fontSize: 12 }}
                width={124}
                interval={0}
                tickFormatter={short}
              />
            </>
          ) : (
            <>
              <XAxis dataKey={label} tick={{ fontSize: 12 }} interval="preserveStartEnd" />
              <YAxis tick={{ fontSize: 12 }} width={64} />
            </>
          )}
          <Tooltip formatter={format} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              stackId={stacked ? 'a' : undefined}
              maxBarSize={56}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
