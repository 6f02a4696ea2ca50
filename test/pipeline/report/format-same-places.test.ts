// The report's same-place section: none said plainly, each duplicate listed with its kept id and signals, names escaped in HTML.
import { describe, expect, it } from 'vitest';
import { samePlacesLines, samePlacesSection, signalsText } from '../../../pipeline/report/format-same-places.ts';
import type { ImportReport } from '../../../pipeline/report/import-report.ts';

const duplicate = { id: 'fr-b', keptId: 'fr-a', matchedId: 'fr-a', signals: ['name', 'distance', 'phone'] as const, metres: 12, name: 'Le <Golfe>', keptName: 'Hotel Le Golfe' };
const withSamePlaces = (merged: number) => ({ samePlaces: { merged, listed: [{ ...duplicate, signals: [...duplicate.signals] }] } }) as unknown as ImportReport;

describe('the same-place section', () => {
  it('says none when the report has no section', () => {
    expect(samePlacesLines({} as ImportReport)).toEqual(['Same place as another listing (not served): none']);
    expect(samePlacesSection({} as ImportReport).text).toContain('None');
  });

  it('lists each duplicate with the kept id and the signals, the distance in metres', () => {
    expect(signalsText({ ...duplicate, signals: [...duplicate.signals] })).toBe('name, distance 12 m, phone');
    expect(samePlacesLines(withSamePlaces(1))).toEqual([
      'Same place as another listing (not served): 1',
      '  fr-b → fr-a  "Le <Golfe>" = "Hotel Le Golfe" (name, distance 12 m, phone)',
    ]);
  });

  it('says when only the first are listed, and escapes names in HTML', () => {
    expect(samePlacesLines(withSamePlaces(600))[0]).toBe('Same place as another listing (not served): 600 (first 1 listed)');
    const html = samePlacesSection(withSamePlaces(600)).text;
    expect(html).toContain('Le &lt;Golfe&gt;');
    expect(html).toContain('first 1 of 600');
  });
});
