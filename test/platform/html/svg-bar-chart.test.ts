// svgBarChart: rows and stacked columns as inline SVG; titles, labels and class names escaped; geometry from the values.
import { describe, expect, it } from 'vitest';
import { niceMax, svgBarChart } from '../../../platform/html/svg-bar-chart.ts';

const HOSTILE = `<script>alert("x")</script>&'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;';

describe('a rows chart', () => {
  it('draws one labelled bar per value, scaled to the largest, with a tooltip and the value formatted en-GB', () => {
    const svg = svgBarChart({ layout: 'rows', title: 'By status', bars: [{ label: 'published', value: 1200 }, { label: 'closed', value: 300 }] }).text;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" role="img" aria-label="By status" width="520" height="52" viewBox="0 0 520 52"/);
    expect(svg).toContain('<text x="182" y="19" text-anchor="end">published</text><rect x="190" y="7" width="260" height="16" fill="#4a6fa5"><title>published: 1200</title></rect><text x="456" y="19">1,200</text>');
    expect(svg).toContain('<rect x="190" y="29" width="65" height="16" fill="#4a6fa5"><title>closed: 300</title></rect>');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('escapes the title, every label, the colour and the class name', () => {
    const svg = svgBarChart({ layout: 'rows', title: HOSTILE, className: HOSTILE, bars: [{ label: HOSTILE, value: 1 }], colourOf: () => HOSTILE }).text;
    expect(svg).not.toContain('<script');
    expect(svg).toContain(`class="${ESCAPED}"`);
    expect(svg).toContain(`aria-label="${ESCAPED}"`);
    expect(svg).toContain(`<title>${ESCAPED}</title>`);
    expect(svg).toContain(`fill="${ESCAPED}"`);
    expect(svg).toContain(`<title>${ESCAPED}: 1</title>`);
  });

  it('shortens a long label to 28 characters on the axis but keeps it whole in the tooltip', () => {
    const label = 'a label that is much longer than the axis allows';
    const svg = svgBarChart({ layout: 'rows', title: 't', bars: [{ label, value: 3 }] }).text;
    expect(svg).toContain(`text-anchor="end">${label.slice(0, 27)}…</text>`);
    expect(svg).toContain(`<title>${label}: 3</title>`);
  });

  it('draws a zero as an empty bar, a tiny value as at least 2 wide, and says (none) when there are no bars', () => {
    const svg = svgBarChart({ layout: 'rows', title: 't', width: 360, bars: [{ label: 'big', value: 100000 }, { label: 'tiny', value: 1 }, { label: 'zero', value: 0 }] }).text;
    expect(svg).toContain('<title>tiny: 1</title>');
    expect(svg).toMatch(/width="2" height="16" fill="#4a6fa5"><title>tiny: 1</);
    expect(svg).toMatch(/width="0" height="16" fill="#4a6fa5"><title>zero: 0</);
    expect(svgBarChart({ layout: 'rows', title: 't', bars: [] }).text).toContain('height="30"');
    expect(svgBarChart({ layout: 'rows', title: 't', bars: [] }).text).toContain('<text x="8" y="18">(none)</text>');
  });

  it('colours each bar by its label and puts the class first', () => {
    const svg = svgBarChart({ layout: 'rows', title: 't', className: 'mini-chart', bars: [{ label: 'rejected', value: 1 }], colourOf: (l) => (l === 'rejected' ? '#c62828' : '#000') }).text;
    expect(svg.startsWith('<svg class="mini-chart" xmlns=')).toBe(true);
    expect(svg).toContain('fill="#c62828"');
  });
});

describe('a columns chart', () => {
  const columns = [
    { segments: [{ value: 3, className: 'ok', title: 'h0: 3 answered' }, { value: 1, className: 'limited', title: 'h0: 1 refused' }], tick: '01-07' },
    { segments: [{ value: 0, className: 'ok', title: 'h1: 0' }, { value: 2, className: 'limited', title: 'h1: 2 refused' }] },
  ];

  it('stacks segments from the base on a nice axis, skips zero segments, and draws grid, ticks and baseline', () => {
    const svg = svgBarChart({ layout: 'columns', title: 'usage', className: 'usage', width: 152, height: 138, columns }).text;
    // plot 100 × 100 from (44, 10); axis maximum 5 for a tallest column of 4.
    expect(svg).toContain('<line x1="44" x2="144" y1="110.0" y2="110.0" class="grid"/><text x="38" y="114.0" text-anchor="end" class="axis">0</text>');
    expect(svg).toContain('<text x="38" y="14.0" text-anchor="end" class="axis">5</text>');
    expect(svg).toContain('<rect x="44.00" y="50.0" width="49.40" height="60.0" class="ok"><title>h0: 3 answered</title></rect>');
    expect(svg).toContain('<rect x="44.00" y="30.0" width="49.40" height="20.0" class="limited"><title>h0: 1 refused</title></rect>');
    expect(svg).toContain('<rect x="94.00" y="70.0" width="49.40" height="40.0" class="limited">');
    expect(svg).not.toContain('h1: 0');
    expect(svg).toContain('<line x1="44.00" x2="44.00" y1="110" y2="114" class="tick"/><text x="46.0" y="130" class="axis">01-07</text>');
    expect(svg).toContain('<line x1="44" x2="144" y1="110" y2="110" class="baseline"/></svg>');
  });

  it('escapes segment titles, class names and tick text', () => {
    const svg = svgBarChart({
      layout: 'columns',
      title: HOSTILE,
      width: 100,
      height: 100,
      columns: [{ segments: [{ value: 1, className: HOSTILE, title: HOSTILE }], tick: HOSTILE }],
    }).text;
    expect(svg).not.toContain('<script');
    expect(svg).toContain(`class="${ESCAPED}"><title>${ESCAPED}</title></rect>`);
    expect(svg).toContain(`class="axis">${ESCAPED}</text>`);
  });

  it('counts whole things: the value axis names whole numbers only (no middle line at 0.5 or 2.5)', () => {
    const chart = (top: number) =>
      svgBarChart({ layout: 'columns', title: 't', width: 100, height: 100, columns: [{ segments: [{ value: top, className: 'ok', title: 'n' }] }] }).text;
    const labels = (svg: string) => [...svg.matchAll(/class="axis">([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(labels(chart(1))).toEqual(['0', '1']);
    expect(labels(chart(4))).toEqual(['0', '5']);
    expect(labels(chart(7))).toEqual(['0', '5', '10']);
    expect(labels(chart(1))).not.toContain('0.5');
  });

  it('draws an axis up to 1 when every column is empty', () => {
    const svg = svgBarChart({ layout: 'columns', title: 't', width: 100, height: 100, columns: [{ segments: [{ value: 0, className: 'ok', title: 'none' }] }] }).text;
    expect(svg).toContain('class="axis">1</text>');
    expect(svg).not.toContain('<rect');
  });
});

describe('niceMax', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [11, 20],
    [200, 200],
    [201, 500],
    [501, 1000],
  ])('%d → %d', (value, expected) => {
    expect(niceMax(value)).toBe(expected);
  });
});
