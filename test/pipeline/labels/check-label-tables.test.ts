// `lodging labels check`: every duplicate, conflict, folded twin and broken file of the label tables, named at once.
import { describe, expect, it } from 'vitest';
import { checkLabelTables } from '../../../pipeline/labels/check-label-tables.ts';

describe('checkLabelTables names every problem at once', () => {
  const table = (language: string, exact: Record<string, unknown[]>, extra: Record<string, unknown> = {}) => ({
    language,
    exact,
    headWords: { hotel: ['hotel'] },
    qualifiers: { none: ['boutique'] },
    quality: [],
    nonLodging: ['Bar'],
    ...extra,
  });
  it('finds duplicates, conflicts across files, folded twins and a broken file', () => {
    const problems = checkLabelTables([
      { language: 'es', source: 'es.json', raw: table('es', { hotel: ['Hotel', 'Hoteles', 'Hostal'], guesthouse: ['HOSTAL'] }) },
      { language: 'en', source: 'en.json', raw: table('en', { guesthouse: ['Hotel'] }) },
      { language: 'fr', source: 'fr.json', raw: { language: 'fr' } },
    ]);
    const messages = problems.map((problem) => `${problem.kind} ${problem.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^duplicate es\.json: exact\.hotel "Hoteles" folds to the same form as exact\.hotel "Hotel"/),
        expect.stringMatching(/^conflict es\.json: exact\.guesthouse "HOSTAL" \(guesthouse\) folds to the same form as exact\.hotel "Hostal" \(hotel\)/),
        expect.stringMatching(/^conflict en\.json: exact\.guesthouse "Hotel" \(guesthouse\) folds to the same form as es\.json exact\.hotel "Hotel" \(hotel\)/),
        expect.stringMatching(/^invalid fr\.json: exact: must be an object/),
      ]),
    );
  });

  it('finds a head word that names another kind than the same whole label', () => {
    const problems = checkLabelTables([
      { language: 'es', source: 'es.json', raw: table('es', { campsite: ['Parque de caravanas'] }, { headWords: { motorhomeArea: ['parque de caravanas'] } }) },
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'es.json: headWords.motorhomeArea "parque de caravanas" (motorhomeArea) is also exact.campsite "Parque de caravanas" (campsite)',
    ]);
  });

  it('lets two languages agree on a loanword', () => {
    const problems = checkLabelTables([
      { language: 'es', source: 'es.json', raw: table('es', { hostel: ['Hostel'] }) },
      { language: 'en', source: 'en.json', raw: table('en', { hostel: ['Hostels'] }) },
    ]);
    expect(problems).toEqual([]);
  });
});
