import { describe, expect, it } from 'vitest';
import { createSuppressionMatcher, formatSuppressionEntry, parseSuppressionList } from '../../pipeline/normalise/suppression.ts';

describe('parseSuppressionList', () => {
  it('reads ids, phones and domains with notes, skipping comments and blank lines', () => {
    const parsed = parseSuppressionList(
      ['# header', '', 'id es-mad-1  # owner asked 2026-01-02', 'phone +34 912 345 678', 'domain Example.COM.', '#id es-x'].join('\n'),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.list).toEqual({ ids: ['es-mad-1'], phones: ['+34912345678'], domains: ['example.com'] });
    expect(parsed.entries[0]).toMatchObject({ kind: 'id', note: 'owner asked 2026-01-02', line: 3 });
  });

  it('reports malformed lines with their line number instead of skipping them', () => {
    const parsed = parseSuppressionList('id es-1\nbanana split\nphone\nid a b');
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 3, 4]);
  });

  it('formats an entry that parses back to itself', () => {
    const line = formatSuppressionEntry('domain', 'Spam.ES', 'ticket 12\nsecond line');
    expect(line).toBe('domain spam.es  # ticket 12 second line');
    expect(parseSuppressionList(line).list.domains).toEqual(['spam.es']);
  });
});

describe('createSuppressionMatcher', () => {
  const match = createSuppressionMatcher({ ids: ['es-1'], phones: ['+34912345678'], domains: ['spam.es'] });
  it.each([
    ['by id', { id: 'es-1', phones: [], websiteDomain: null }, ['suppressed-id']],
    ['by any phone', { id: 'es-2', phones: ['+34600000000', '+34912345678'], websiteDomain: null }, ['suppressed-phone']],
    ['by website domain', { id: 'es-2', phones: [], websiteDomain: 'spam.es' }, ['suppressed-domain']],
    ['not at all', { id: 'es-2', phones: ['+34600000000'], websiteDomain: 'ham.es' }, []],
    ['without an id', { id: null, phones: [], websiteDomain: null }, []],
  ])('matches %s', (_name, candidate, reasons) => {
    expect(match(candidate)).toEqual(reasons);
  });
});
