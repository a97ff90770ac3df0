/**
 * A chart of values per business date, drawn by uPlot on a canvas (decision 165). The canvas is an
 * image to assistive technology, named by its caption; the figures it draws are in the table beside it.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DaySeries {
  label: string;
  color: string;
  values: number[];
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
/** A business date's midnight in UTC, in seconds: uPlot's x; its axis reads UTC, so the date shown is the date given. */
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

export const DayChart = ({ days, series, label }: { days: string[]; series: DaySeries[]; label: string }) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // two series side by side at each date: the first left of it, the second right
    const barsAt = (index: number) =>
      uPlot.paths.bars?.({ size: [0.8 / series.length, 40], align: series.length === 1 ? 0 : index === 0 ? -1 : 1 });
    const plot = new uPlot(
      {
        width: Math.max(320, element.clientWidth),
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
        scales: { x: { time: true } },
        axes: [{ stroke: '#5a6270' }, { stroke: '#5a6270', size: 56, values: (_plot, ticks) => ticks.map((tick) => compact.format(tick)) }],
        series: [
          {},
          ...series.map((entry, index) => ({
            label: entry.label,
            stroke: entry.color,
            fill: `${entry.color}cc`,
            width: 1,
            paths: barsAt(index),
            points: { show: false },
          })),
        ],
      },
      [days.map(secondsOf), ...series.map((entry) => entry.values)],
      element,
    );
    return () => plot.destroy();
  }, [days, series]);
  return (
    <div>
      <div ref={box} className="chart" role="img" aria-label={label} />
      <ul className="legend" aria-hidden="true">
        {series.map((entry) => (
          <li key={entry.label}>
            <span className="swatch" style={{ background: entry.color }} />
            {entry.label}
          </li>
        ))}
      </ul>
    </div>
  );
};
