// A horizontal bar chart as inline SVG text: pure, escaped, no script, so a page under a strict CSP shows it.
import { escapeHtml } from './escape-html.ts';

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartOptions {
  title: string;
  width?: number;
  /** Colour per label (e.g. statuses); default one colour. */
  colourOf?: (label: string) => string;
}

const ROW = 22;
const LABEL_WIDTH = 190;
const VALUE_WIDTH = 70;

export function svgBarChart(bars: readonly Bar[], options: BarChartOptions): string {
  const width = options.width ?? 520;
  const plot = width - LABEL_WIDTH - VALUE_WIDTH;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = Math.max(1, bars.length) * ROW + 8;
  const rows = bars.map((bar, i) => {
    const y = 4 + i * ROW;
    const w = bar.value === 0 ? 0 : Math.max(2, Math.round((bar.value / max) * plot));
    const label = bar.label.length > 28 ? `${bar.label.slice(0, 27)}…` : bar.label;
    const fill = options.colourOf?.(bar.label) ?? '#4a6fa5';
    return (
      `<text x="${LABEL_WIDTH - 8}" y="${y + 15}" text-anchor="end">${escapeHtml(label)}</text>` +
      `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${w}" height="${ROW - 6}" fill="${escapeHtml(fill)}"><title>${escapeHtml(bar.label)}: ${bar.value}</title></rect>` +
      `<text x="${LABEL_WIDTH + w + 6}" y="${y + 15}">${bar.value.toLocaleString('en-GB')}</text>`
    );
  });
  const empty = bars.length === 0 ? `<text x="8" y="18">(none)</text>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(options.title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="13">` +
    `<title>${escapeHtml(options.title)}</title>${rows.join('')}${empty}</svg>`
  );
}
