// The exact key sets of the spec's resources, and small helpers to read responses in tests.
import { expect } from 'vitest';

export const PLACE_KEYS = [
  'id', 'name', 'legalName', 'address', 'location', 'phone', 'phoneType', 'additionalPhones', 'email', 'website',
  'sourceMapsUrl', 'primaryType', 'lodgingTypes', 'lodgingType', 'rating', 'reviewCount', 'whatsappEligible',
  'verified', 'openingHours', 'profileUrl',
].sort();
export const ADDRESS_KEYS = ['street', 'city', 'state', 'postalCode', 'country'].sort();
export const LOCATION_KEYS = ['latitude', 'longitude'].sort();
export const PHONE_RECORD_KEYS = ['phone', 'phoneType', 'whatsappEligible'].sort();
export const PAGE_KEYS = ['count', 'hasMore', 'nextCursor'].sort();
export const KEY_KEYS = ['id', 'name', 'prefix', 'creationTime'].sort();
export const PROBLEM_KEYS = ['type', 'title', 'status', 'detail'].sort();

export const keysOf = (value: unknown): string[] => Object.keys(value as object).sort();

export interface Json {
  status: number;
  headers: Headers;
  // Parsed JSON of an arbitrary response: tests check its shape.
  body: any;
  text: string;
}

export async function readJson(response: Response | Promise<Response>): Promise<Json> {
  const res = await response;
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** A 400 problem naming exactly these parameters. */
export function expectInvalidParameters(json: Json, parameters: string[]): void {
  expect(json.status).toBe(400);
  expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(json.body).toMatchObject({ status: 400, title: 'Invalid parameter' });
  expect(json.body.errors.map((e: { parameter: string }) => e.parameter).sort()).toEqual([...parameters].sort());
  for (const error of json.body.errors) expect(keysOf(error)).toEqual(['message', 'parameter']);
}

/** Follows page.nextCursor to the end; returns every id in the order served. */
export async function walkIds(
  get: (pathAndQuery: string) => Promise<Response>,
  query: string,
  onPage?: (pageNumber: number) => Promise<void>,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pageNumber = 0;
  do {
    const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const json = await readJson(get(`/api/v1/places?${query}${suffix}`));
    expect(json.status).toBe(200);
    ids.push(...json.body.places.map((p: { id: string }) => p.id));
    cursor = json.body.page.nextCursor;
    expect(json.body.page.hasMore).toBe(cursor !== null);
    pageNumber += 1;
    if (onPage) await onPage(pageNumber);
  } while (cursor !== null);
  return ids;
}
