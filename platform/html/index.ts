// The HTML core: the escaping html`` tag, raw() for trusted fragments, and the SVG bar chart every page draws with.
export { html, joinHtml, raw, Markup } from './html-template.ts';
export { svgBarChart, niceMax } from './svg-bar-chart.ts';
export type { Bar, BarChart, Column, ColumnsChart, RowsChart, Segment } from './svg-bar-chart.ts';
