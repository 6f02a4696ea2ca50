// The REST adapter of search, place, changes and key requests: query-string text typed for the shared rules, every problem named at once.
import { describe, expect, it } from 'vitest';
import type { ParameterError } from '../../../api/errors.ts';
import { parseChangesRequest, parseGetRequest, parseSearchRequest, rejectAnyQuery } from '../../../api/http/search-request.ts';

/** The parameters an adapter refuses, or [] when it accepts. */
function refused(run: () => unknown): string[] {
  try {
    run();
    return [];
  } catch (error) {
    return ((error as { errors?: ParameterError[] }).errors ?? []).map((e) => e.parameter).sort();
  }
}

describe('parseSearchRequest', () => {
  it('types exactly "true"/"false" as booleans and plain digits as integers', () => {
    const params = parseSearchRequest('/v1/places?country=es&whatsapp=true&verified=false&limit=10');
    expect(params).toMatchObject({ country: 'es', whatsapp: true, verified: false, limit: 10 });
  });

  it('leaves other spellings as text, so the rules refuse them', () => {
    expect(refused(() => parseSearchRequest('/v1/places?country=es&whatsapp=yes'))).toEqual(['whatsapp']);
    for (const limit of ['1e2', '%2B5', '5.0', '%205']) expect(refused(() => parseSearchRequest(`/v1/places?country=es&limit=${limit}`))).toEqual(['limit']);
  });

  it('names every problem at once: an unknown name and a broken rule', () => {
    expect(refused(() => parseSearchRequest('/v1/places?country=es&colour=red&limit=0'))).toEqual(['colour', 'limit']);
  });
});

describe('parseGetRequest, parseChangesRequest and rejectAnyQuery', () => {
  it('take only their own parameters', () => {
    expect(parseGetRequest('/v1/places/es-1')).toBeUndefined();
    expect(refused(() => parseGetRequest('/v1/places/es-1?country=es'))).toEqual(['country']);
    expect(refused(() => parseChangesRequest('/v1/changes?country=es&q=x'))).toEqual(['q']);
    expect(refused(() => rejectAnyQuery('/v1/keys/me'))).toEqual([]);
    expect(refused(() => rejectAnyQuery('/v1/keys/me?x=1'))).toEqual(['x']);
  });
});
