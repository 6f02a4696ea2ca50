// Behaviour the first mutation run found unpinned: digit counting, the 6-digit boundary, digit-less pieces, URL user-info, default ports, exact query parameters, numbers in labels, ligatures and the slug letters. Input → output only, so a change of implementation (one foldText) keeps them.
import { describe, expect, it } from 'vitest';
import { citySlug } from '../../pipeline/normalise/city-slug.ts';
import { labelKey, singularKey } from '../../pipeline/normalise/label-key.ts';
import { splitPhoneText } from '../../pipeline/normalise/phones.ts';
import { normaliseMapsUrl, normaliseWebsite } from '../../pipeline/normalise/urls.ts';

describe('splitting a phone text', () => {
  it('counts 0 as a digit: "910 000 000 / 600 000 000" is two numbers', () => {
    expect(splitPhoneText('910 000 000 / 600 000 000')).toEqual(['910 000 000', '600 000 000']);
  });
  it('counts 9 as a digit: "999 999 999 / 999 999 998" is two numbers', () => {
    expect(splitPhoneText('999 999 999 / 999 999 998')).toEqual(['999 999 999', '999 999 998']);
  });
  it('splits two pieces of exactly 6 digits each', () => {
    expect(splitPhoneText('123456 / 654321')).toEqual(['123456', '654321']);
  });
  it('keeps a 5-digit piece with its neighbour, on either side', () => {
    expect(splitPhoneText('12345 / 654321')).toEqual(['12345 / 654321']);
    expect(splitPhoneText('654321 / 12345')).toEqual(['654321 / 12345']);
  });
  it('drops pieces without digits', () => {
    expect(splitPhoneText('ask at reception / 910 000 000')).toEqual(['910 000 000']);
    expect(splitPhoneText('910 000 000 / reception / 600 000 000')).toEqual(['910 000 000', '600 000 000']);
    expect(splitPhoneText('no phone')).toEqual([]);
  });
  it('keeps a dash without spaces inside a number and drops trailing punctuation', () => {
    expect(splitPhoneText('91-553-50-67')).toEqual(['91-553-50-67']);
    expect(splitPhoneText('922 79 22 64 - 636 13 65 13.')).toEqual(['922 79 22 64', '636 13 65 13']);
  });
});

describe('public URLs', () => {
  it.each(['https://:secret@example.es/', 'https://user@example.es/', 'https://user:pw@example.es/'])('%s has user-info: dropped', (raw) => {
    const result = normaliseWebsite(raw);
    expect(result.value).toBeNull();
    expect(result.issues.map((i) => i.code)).toEqual(['user-info']);
  });
  it('an explicit default port is accepted (and dropped by URL serialisation)', () => {
    expect(normaliseWebsite('https://example.es:443/a').value).toBe('https://example.es/a');
    expect(normaliseWebsite('http://example.es:80/a').value).toBe('http://example.es/a');
    expect(normaliseWebsite('https://example.es:80/a').value).toBe('https://example.es:80/a');
    expect(normaliseWebsite('http://example.es:443/a').value).toBe('http://example.es:443/a');
  });
  it('any other port is refused', () => {
    expect(normaliseWebsite('https://example.es:8443/').issues.map((i) => i.code)).toEqual(['bad-port']);
  });
  it('keeps every other query parameter exactly as written, in order', () => {
    expect(normaliseWebsite('https://example.es/p?b=2&a=1&c=%20x&d&e=').value).toBe('https://example.es/p?b=2&a=1&c=%20x&d&e=');
    expect(normaliseWebsite('https://example.es/p?utm_source=x&b=%2F&UTM_Medium=y&a=1&gclid=9').value).toBe('https://example.es/p?b=%2F&a=1');
    expect(normaliseWebsite('https://example.es/p?fbclid=1&msclkid=2').value).toBe('https://example.es/p');
  });
  it('a map URL keeps its parameters too', () => {
    expect(normaliseMapsUrl('https://maps.google.com/?cid=123&hl=es').value).toBe('https://maps.google.com/?cid=123&hl=es');
  });
});

describe('label keys', () => {
  it('leaves words with digits alone: "4s" stays "4s"', () => {
    expect(singularKey(labelKey('Hotel 4s'), 'es')).toBe('hotel 4s');
    expect(singularKey(labelKey('2 estrellas'), 'es')).toBe('2 estrella');
    expect(singularKey('a1s', 'en')).toBe('a1s');
  });
  it.each([
    ['Œuvre', 'oeuvre'],
    ['Cæsar', 'caesar'],
    ['Straße', 'strasse'],
    ['Bjørn', 'bjorn'],
    ['Łódź', 'lodz'],
    ['Đakovo', 'dakovo'],
  ])('folds the ligature or letter in %s', (label, key) => {
    expect(labelKey(label)).toBe(key);
  });
});

describe('city slugs', () => {
  it.each([
    ['Straße', 'strasse'],
    ['STRAẞE', 'strasse'],
    ['Ærø', 'aero'],
    ['æble', 'aeble'],
    ['Øster', 'oster'],
    ['ønske', 'onske'],
    ['Œil', 'oeil'],
    ['cœur', 'coeur'],
    ['Łódź', 'lodz'],
    ['łąka', 'laka'],
    ['Đakovo', 'dakovo'],
    ['đak', 'dak'],
    ['Ðorn', 'dorn'],
    ['ðorn', 'dorn'],
    ['Þingvellir', 'thingvellir'],
    ['þorp', 'thorp'],
    ['Iıı', 'iii'],
    ['Ħamrun', 'hamrun'],
    ['ħaż', 'haz'],
    ['Ŧa', 'ta'],
    ['ŧa', 'ta'],
    ['Ŋa', 'na'],
    ['ŋa', 'na'],
    ['A Coruña', 'a-coruna'],
    ["L'Hospitalet de Llobregat", 'l-hospitalet-de-llobregat'],
    ['Ｍａｄｒｉｄ', 'madrid'],
    ['ﬁgueres', 'figueres'],
    ['  --Vigo--  ', 'vigo'],
    ['Santa Cruz de Tenerife 2', 'santa-cruz-de-tenerife-2'],
  ])('%s → %s', (city, slug) => {
    expect(citySlug(city)).toBe(slug);
  });
  it('a name with nothing to keep has no slug', () => {
    expect(citySlug('—')).toBeNull();
    expect(citySlug(null)).toBeNull();
  });
});
