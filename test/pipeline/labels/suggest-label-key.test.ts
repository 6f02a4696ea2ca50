// A key suggested for an unknown label: what the tables say now, else a head word or listed label held as whole words, never letters inside a word.
import { describe, expect, it } from 'vitest';
import { suggestLabelKey } from '../../../pipeline/labels/suggest-label-key.ts';

describe('suggestLabelKey', () => {
  it('gives what the tables say now, with the rule that says it', () => {
    expect(suggestLabelKey('Hotel')).toEqual({ key: 'hotel', why: 'es exact "Hotel"' });
  });

  it('finds a head word the label holds as whole words', () => {
    expect(suggestLabelKey('Hostal con encanto junto al mar', 'es')).toEqual({ key: 'guesthouse', why: 'es head word "hostal"' });
    expect(suggestLabelKey('Camping municipal du lac', 'fr').key).toBe('campsite');
  });

  it('never counts letters inside a word: a Portuguese water park is no Spanish attic', () => {
    expect(suggestLabelKey('Parque aquático', 'pt')).toEqual({ key: null, why: null });
  });

  it('suggests nothing for words no table knows', () => {
    expect(suggestLabelKey('Zzz qqq')).toEqual({ key: null, why: null });
  });
});
