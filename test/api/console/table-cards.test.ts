// Console tables carry each column's heading on its cells (data-label), which the phone-width CSS shows on stacked cards.
import { describe, expect, it } from 'vitest';
import { labelTableCells } from '../../../api/console/table-cards.ts';
import { html } from '../../../platform/html/index.ts';

describe('labelTableCells', () => {
  it('labels every body cell with its column heading, escaped, row headers included', () => {
    const name = 'A "quoted" <name>';
    const page = html`<table><thead><tr><th scope="col">Name</th><th scope="col">Size &amp; <em>kind</em></th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody><tr><th scope="row">${name}</th><td class="num">1</td><td class="actions"><a href="/x">Revoke</a></td></tr></tbody></table>`.text;
    const labelled = labelTableCells(page);
    expect(labelled).toContain('<th scope="row" data-label="Name">A &quot;quoted&quot; &lt;name&gt;</th>');
    expect(labelled).toContain('<td class="num" data-label="Size &amp; kind">1</td>');
    expect(labelled).toContain('<td class="actions" data-label="Actions">');
  });

  it('follows colspan and leaves tables without a head alone', () => {
    const page = '<table><thead><tr><th>A</th><th>B</th><th>C</th></tr></thead><tbody><tr><td colspan="2">x</td><td>y</td></tr></tbody></table><table><tbody><tr><td>z</td></tr></tbody></table>';
    const labelled = labelTableCells(page);
    expect(labelled).toContain('<td colspan="2" data-label="A">x</td><td data-label="C">y</td>');
    expect(labelled).toContain('<table><tbody><tr><td>z</td></tr></tbody></table>');
  });
});
