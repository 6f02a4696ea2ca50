// The html`` tag escapes every interpolation by default; raw(), nested html`` and arrays of them are kept; joinHtml joins alike.
import { describe, expect, it } from 'vitest';
import { Markup, html, joinHtml, raw } from '../../../platform/html/html-template.ts';

describe('html``', () => {
  it('escapes an interpolated string in text and in attribute values', () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${name}">${name}</p>`.text).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
  });

  it('keeps the literal parts of the template as written', () => {
    expect(html`<p class="a">&amp; <b>bold</b></p>`.text).toBe('<p class="a">&amp; <b>bold</b></p>');
  });

  it('shows numbers and true as text', () => {
    expect(html`${1234}|${0}|${-1.5}|${true}`.text).toBe('1234|0|-1.5|true');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['false', false],
  ])('renders %s as nothing', (_name, value) => {
    expect(html`<p>${value}</p>`.text).toBe('<p></p>');
  });

  it('keeps nested html`` values without escaping them twice, and escapes what they interpolate once', () => {
    const inner = html`<b>${'a&b'}</b>`;
    expect(html`<p>${inner}</p>`.text).toBe('<p><b>a&amp;b</b></p>');
    expect(html`<div>${html`<p>${inner}</p>`}</div>`.text).toBe('<div><p><b>a&amp;b</b></p></div>');
  });

  it('joins arrays with nothing between, escaping strings and keeping markup, nested arrays included', () => {
    expect(html`<ul>${['<1>', html`<li>2</li>`, [null, 'x&y', [html`<i>3</i>`]]]}</ul>`.text).toBe('<ul>&lt;1&gt;<li>2</li>x&amp;y<i>3</i></ul>');
    expect(html`<ul>${[]}</ul>`.text).toBe('<ul></ul>');
  });

  it('escapes a value made to look like markup (an object with a text field, a string of tags)', () => {
    expect(html`${{ text: '<b>' }}`.text).toBe('[object Object]');
    expect(html`${'<b>bold</b>'}`.text).toBe('&lt;b&gt;bold&lt;/b&gt;');
  });

  it('returns Markup whose string form is its text', () => {
    const markup = html`<p>${'x'}</p>`;
    expect(markup).toBeInstanceOf(Markup);
    expect(String(markup)).toBe('<p>x</p>');
    expect(`${markup}`).toBe('<p>x</p>');
  });
});

describe('raw()', () => {
  it('is kept as is where interpolated: the explicit way in for a trusted fragment', () => {
    expect(html`<style>${raw('a>b{color:red}')}</style>`.text).toBe('<style>a>b{color:red}</style>');
  });

  it('is Markup, so a raw fragment inside an array is kept too', () => {
    expect(html`${[raw('<hr>'), '<hr>']}`.text).toBe('<hr>&lt;hr&gt;');
  });

  it('refuses a Promise (a forgotten await), alone or in an array, instead of printing [object Promise]', () => {
    const pending = Promise.resolve(html`<p>later</p>`);
    expect(() => html`<div>${pending}</div>`).toThrow(/a Promise was interpolated; await it first/);
    expect(() => html`${[html`<p>`, pending]}`).toThrow(TypeError);
    expect(() => joinHtml([pending])).toThrow(TypeError);
  });
});

describe('joinHtml', () => {
  it('joins parts with a text separator, both escaped', () => {
    expect(joinHtml(['a<b', html`<i>c</i>`], ' & ').text).toBe('a&lt;b &amp; <i>c</i>');
  });

  it('joins with a markup separator kept as is, and skips null, undefined and false parts as empty', () => {
    expect(joinHtml(['x', 'y'], html`<br>`).text).toBe('x<br>y');
    expect(joinHtml([null, 'y'], ',').text).toBe(',y');
  });

  it('joins with nothing by default and gives empty markup for no parts', () => {
    expect(joinHtml(['a', 'b']).text).toBe('ab');
    expect(joinHtml([]).text).toBe('');
  });
});
