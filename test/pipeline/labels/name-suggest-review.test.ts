// Listings whose name suggests another kind, kept per country from its latest import: replaced, not added up; a clean import clears its country.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listNameSuggestions, recordNameSuggests, type NameSuggestSighting } from '../../../pipeline/labels/name-suggest-review.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lodging-name-suggests-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const sighting = (country: 'es' | 'fr', runId: string, count: number): NameSuggestSighting => ({
  country,
  runId,
  at: '2026-01-01T00:00:00Z',
  count,
  bySuggested: count > 0 ? { campsite: count } : {},
  examples: [],
});

describe('recordNameSuggests and listNameSuggestions', () => {
  it('lists nothing before any import', async () => {
    expect(await listNameSuggestions(dir)).toEqual([]);
  });

  it('keeps each country’s latest import only, sorted by country, filtered on demand', async () => {
    await recordNameSuggests(dir, sighting('fr', 'run-1', 2));
    await recordNameSuggests(dir, sighting('es', 'run-2', 3));
    await recordNameSuggests(dir, sighting('fr', 'run-3', 1));
    expect((await listNameSuggestions(dir)).map((entry) => `${entry.country} ${entry.runId} ${entry.count}`)).toEqual(['es run-2 3', 'fr run-3 1']);
    expect((await listNameSuggestions(dir, { country: 'es' })).map((entry) => entry.runId)).toEqual(['run-2']);
  });

  it('clears a country whose latest import has none', async () => {
    await recordNameSuggests(dir, sighting('fr', 'run-1', 2));
    await recordNameSuggests(dir, sighting('fr', 'run-2', 0));
    expect(await listNameSuggestions(dir)).toEqual([]);
  });
});
