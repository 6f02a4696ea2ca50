// escapeHtml: each character that could end text or an attribute value becomes its character reference; nothing else changes.
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/html/escape.ts';

describe('escapeHtml', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#39;'],
  ])('escapes %s as %s', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('escapes every occurrence and leaves other text, accents and emoji as they are', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a> café 🏨`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; café 🏨');
  });

  it('does not unescape or double-guard: an escaped ampersand is escaped again', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('leaves the empty string empty', () => {
    expect(escapeHtml('')).toBe('');
  });
});
