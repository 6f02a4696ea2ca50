// Raw query parsing (unknown, repeated, empty) and log redaction of key-like values.
import { describe, expect, it } from 'vitest';
import { parseStrictQuery, redactUrl } from '../../../api/http/query-string.ts';

describe('parseStrictQuery', () => {
  it.each([
    ['/p', {}, []],
    ['/p?a=1&b=x%20y', { a: '1', b: 'x y' }, []],
    ['/p?a=1&a=2', {}, ['a']],
    ['/p?a=', {}, ['a']],
    ['/p?a', {}, ['a']],
    ['/p?zz=1&a=1', { a: '1' }, ['zz']],
    ['/p?a=%ZZ', {}, ['a']],
    ['/p?a=1&&b=2', { a: '1', b: '2' }, []],
    ['/p?a%5B%5D=1', {}, ['a[]']],
  ])('%s', (url, values, errorParameters) => {
    const parsed = parseStrictQuery(url, ['a', 'b']);
    expect(parsed.values).toEqual(values);
    expect(parsed.errors.map((e) => e.parameter)).toEqual(errorParameters);
  });

  it('never puts a value in an error', () => {
    const { errors } = parseStrictQuery('/p?api_key=s3cr3t&a=s3cr3t&a=s3cr3t', ['a']);
    expect(JSON.stringify(errors)).not.toContain('s3cr3t');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/v1/places?country=es', '/api/v1/places?country=es'],
    ['/api/v1/places?country=es&api_key=abc', '/api/v1/places?country=es&api_key=[REDACTED]'],
    ['/x?token=abc&access_token=def&key=g', '/x?token=[REDACTED]&access_token=[REDACTED]&key=[REDACTED]'],
    ['/x?q=lds_live_abcdef', '/x?q=[REDACTED]'],
    ['/api/v1/places/lds_live_abc', '/api/v1/places/[REDACTED]'],
    ['/x?apikey', '/x?apikey'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
