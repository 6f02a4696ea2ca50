// A cacheable request's canonical form and its ETag: one form per answer, a new tag with each snapshot version.
import { describe, expect, it } from 'vitest';
import { entityTag } from '../../../api/http/conditional-response.ts';
import { placeForm, searchForm } from '../../../api/http/request-forms.ts';
import { parseSearchRequest } from '../../../api/http/search-request.ts';

const form = (query: string) => searchForm(parseSearchRequest(`/api/v1/places?${query}`));

describe('searchForm', () => {
  it('is the same for the same search spelled with its parameters in another order or percent-encoded', () => {
    expect(form('country=es&city=madrid&lodgingType=hotel&limit=5')).toBe(form('limit=5&lodgingType=hotel&city=%6Dadrid&country=es'));
    expect(form('country=es&q=playa+sol')).toBe(form('q=playa%20sol&country=es'));
  });

  it('changes with every parameter that can change a page', () => {
    const base = 'country=es&q=mar';
    const variants = [
      'country=gb&q=mar',
      `${base}&city=madrid`,
      'country=es&q=sol',
      `${base}&lodgingType=hotel`,
      `${base}&whatsapp=true`,
      `${base}&whatsapp=false`,
      `${base}&verified=true`,
      `${base}&limit=5`,
      `${base}&near=40.4,-3.7`,
      `${base}&near=40.4,-3.7&radius=2000`,
      `${base}&bbox=-4,40,-3,41`,
      `${base}&fields=name`,
      `${base}&fields=name,rating`,
      `${base}&sort=name`,
      `${base}&match=words`,
      `${base}&facets=lodgingType`,
    ];
    const forms = [form(base), ...variants.map(form)];
    expect(new Set(forms).size).toBe(forms.length);
  });

  it('changes with the cursor', () => {
    const params = parseSearchRequest('/api/v1/places?country=es');
    expect(searchForm({ ...params, cursor: 'a' })).not.toBe(searchForm({ ...params, cursor: 'b' }));
    expect(searchForm({ ...params, cursor: 'a' })).not.toBe(searchForm(params));
  });
});

describe('placeForm and entityTag', () => {
  it('a place whole and with fields are different forms; a search is never a place', () => {
    expect(placeForm('es-1', undefined)).not.toBe(placeForm('es-1', ['name']));
    expect(placeForm('es-1', ['name'])).not.toBe(placeForm('es-1', ['name', 'rating']));
    expect(placeForm('es-1', undefined)).not.toBe(placeForm('es-2', undefined));
    expect(placeForm('es', undefined)).not.toBe(form('country=es'));
  });

  it('is a quoted strong tag, the same for the same version and form, another for another version or form', () => {
    const tag = entityTag('20260101T000000000Z-abcdef', placeForm('es-1', undefined));
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(entityTag('20260101T000000000Z-abcdef', placeForm('es-1', undefined))).toBe(tag);
    expect(entityTag('20260102T000000000Z-abcdef', placeForm('es-1', undefined))).not.toBe(tag);
    expect(entityTag('20260101T000000000Z-abcdef', placeForm('es-2', undefined))).not.toBe(tag);
    expect(entityTag(null, placeForm('es-1', undefined))).not.toBe(tag);
  });
});
