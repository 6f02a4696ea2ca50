// Bar charts as inline SVG built with the html`` tag: pure, escaped, no script, so a page under a strict CSP shows them.
import { html } from './html-template.ts';
import type { Markup } from './html-template.ts';

/** One labelled bar of a rows chart. */
export interface Bar {
  label: string;
  value: number;
}

/** One stacked part of a column; styled by a CSS class or a fill colour. */
export interface Segment {
  value: number;
  title: string;
  className?: string;
  fill?: string;
}

/** One column of a columns chart: segments stacked from the base, and an optional tick text under it. */
export interface Column {
  segments: readonly Segment[];
  tick?: string | null;
}

interface ChartFrame {
  /** Read by screen readers (aria-label) and shown as a tooltip. */
  title: string;
  className?: string;
}

/** Horizontal bars, one row each: label on the left, value on the right. */
export interface RowsChart extends ChartFrame {
  layout: 'rows';
  bars: readonly Bar[];
  width?: number;
  /** Colour per label (e.g. statuses); default one colour. */
  colourOf?: (label: string) => string;
}

/** Vertical stacked columns of counts over a value axis with grid lines at 0, half (when a whole number) and the top. */
export interface ColumnsChart extends ChartFrame {
  layout: 'columns';
  columns: readonly Column[];
  width: number;
  height: number;
  /** Bars reachable with the keyboard (tabindex 0), their title read on focus: for charts with few columns. */
  focusable?: boolean;
}

export type BarChart = RowsChart | ColumnsChart;

const ROW = 22;
const LABEL_WIDTH = 190;
const VALUE_WIDTH = 70;
const DEFAULT_FILL = '#4a6fa5';
const AXIS = { left: 44, right: 8, top: 10, bottom: 28 };

export function svgBarChart(chart: BarChart): Markup {
  return chart.layout === 'rows' ? rowsChart(chart) : columnsChart(chart);
}

function frame(chart: ChartFrame, width: number, height: number, body: Markup | Markup[]): Markup {
  return html`<svg${chart.className ? html` class="${chart.className}"` : ''} xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${chart.title}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="13"><title>${chart.title}</title>${body}</svg>`;
}

function bar(x: number | string, y: number | string, width: number | string, height: number | string, segment: Segment, focusable = false): Markup {
  const style = segment.fill !== undefined ? html` fill="${segment.fill}"` : html` class="${segment.className ?? ''}"`;
  const focus = focusable ? html` tabindex="0" role="img" aria-label="${segment.title}"` : '';
  return html`<rect x="${x}" y="${y}" width="${width}" height="${height}"${style}${focus}><title>${segment.title}</title></rect>`;
}

function rowsChart(chart: RowsChart): Markup {
  const width = chart.width ?? 520;
  const plot = width - LABEL_WIDTH - VALUE_WIDTH;
  const max = Math.max(1, ...chart.bars.map((b) => b.value));
  const height = Math.max(1, chart.bars.length) * ROW + 8;
  const rows = chart.bars.map((b, i) => {
    const y = 4 + i * ROW;
    const w = b.value === 0 ? 0 : Math.max(2, Math.round((b.value / max) * plot));
    const label = b.label.length > 28 ? `${b.label.slice(0, 27)}…` : b.label;
    const fill = chart.colourOf?.(b.label) ?? DEFAULT_FILL;
    return html`<text x="${LABEL_WIDTH - 8}" y="${y + 15}" text-anchor="end">${label}</text>${bar(LABEL_WIDTH, y + 3, w, ROW - 6, {
      value: b.value,
      title: `${b.label}: ${b.value}`,
      fill,
    })}<text x="${LABEL_WIDTH + w + 6}" y="${y + 15}">${b.value.toLocaleString('en-GB')}</text>`;
  });
  const empty = chart.bars.length === 0 ? html`<text x="8" y="18">(none)</text>` : '';
  return frame(chart, width, height, html`${rows}${empty}`);
}

/** A "nice" axis maximum: 1, 2 or 5 × 10^n at or above the value. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function columnsChart(chart: ColumnsChart): Markup {
  const { width: W, height: H } = chart;
  const total = (c: Column) => c.segments.reduce((sum, s) => sum + s.value, 0);
  const max = niceMax(Math.max(0, ...chart.columns.map(total)));
  const plotW = W - AXIS.left - AXIS.right;
  const plotH = H - AXIS.top - AXIS.bottom;
  const base = AXIS.top + plotH;
  const barW = plotW / Math.max(1, chart.columns.length);
  const y = (v: number) => AXIS.top + plotH - (v / max) * plotH;
  // Columns count whole things: the middle line is drawn only where it names a whole number (not at 0.5 or 2.5).
  const grid = [0, max / 2, max].filter(Number.isInteger).map((value) => {
    const at = y(value).toFixed(1);
    return html`<line x1="${AXIS.left}" x2="${W - AXIS.right}" y1="${at}" y2="${at}" class="grid"/><text x="${AXIS.left - 6}" y="${(y(value) + 4).toFixed(1)}" text-anchor="end" class="axis">${value.toLocaleString('en-US')}</text>`;
  });
  const columns = chart.columns.map((column, i) => {
    const x = (AXIS.left + i * barW).toFixed(2);
    const w = Math.max(barW - 0.6, 0.5).toFixed(2);
    let below = 0;
    const bars = column.segments.map((segment) => {
      const from = below;
      below += segment.value;
      return segment.value > 0 ? bar(x, y(below).toFixed(1), w, (y(from) - y(below)).toFixed(1), segment, chart.focusable) : '';
    });
    const tick = column.tick
      ? html`<line x1="${x}" x2="${x}" y1="${base}" y2="${base + 4}" class="tick"/><text x="${(Number(x) + 2).toFixed(1)}" y="${H - 8}" class="axis">${column.tick}</text>`
      : '';
    return html`${bars}${tick}`;
  });
  const baseline = html`<line x1="${AXIS.left}" x2="${W - AXIS.right}" y1="${base}" y2="${base}" class="baseline"/>`;
  return frame(chart, W, H, html`${grid}${columns}${baseline}`);
}
