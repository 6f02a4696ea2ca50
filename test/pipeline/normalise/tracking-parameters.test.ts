// pipeline/normalise/tracking-parameters.ts: tracking parameters and their residue leave a URL's query, the rest stays as written.
import { describe, expect, it } from 'vitest';
import { isTrackingParameter, removeTrackingParameters, residueStart, type TrackingTable } from '../../../pipeline/normalise/tracking-parameters.ts';
import { normaliseWebsite } from '../../../pipeline/normalise/urls.ts';

function cleaned(href: string, tracking?: TrackingTable): { href: string; removed: string[] } {
  const url = new URL(href);
  const removed = tracking === undefined ? removeTrackingParameters(url) : removeTrackingParameters(url, tracking);
  return { href: url.href, removed };
}

describe('isTrackingParameter', () => {
  it.each(['utm_source', 'UTM_Medium', 'utm_', 'utm', 'UTM', 'gclid', 'FBCLID', 'msclkid'])('%s is tracking', (name) => {
    expect(isTrackingParameter(name)).toBe(true);
  });
  it.each(['partner', 'utmost', 'xutm_source', 'gclid2', 'ut', 'id', ''])('%j is not', (name) => {
    expect(isTrackingParameter(name)).toBe(false);
  });
  it("takes the stem of a prefix without all its closing punctuation, and nothing inside it", () => {
    const table: TrackingTable = { names: [], prefixes: ['mc_cid__'] };
    expect([isTrackingParameter('mc_cid', table), isTrackingParameter('mc_cid_', table), isTrackingParameter('mccid__', table)]).toEqual([true, false, false]);
  });
  it('reads its words from the table it is given', () => {
    const table: TrackingTable = { names: ['ref'], prefixes: ['mc-'] };
    expect([isTrackingParameter('ref', table), isTrackingParameter('mc-id', table), isTrackingParameter('mc', table), isTrackingParameter('gclid', table)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('residueStart', () => {
  it.each([
    ['6878utm_source%3Dgoogle', 4],
    ['6878utm_source=google', 4],
    ['6878UTM_SOURCE%3dgoogle', 4],
    ['ab%26gclid%3D12', 5],
    ['utm_source%3Dx', 0],
    ['6878', -1],
    ['utm', -1],
    ['6878utm_source', -1],
    ['gclidx%3D1', -1],
    ['x-utm_%3D1', 2],
  ])('%s: %i', (value, expected) => {
    expect(residueStart(value)).toBe(expected);
  });
  it('takes the earliest glued-on parameter when several are', () => {
    expect(residueStart('1gclid%3D2utm_a%3D3')).toBe(1);
    expect(residueStart('1utm_a%3D2gclid%3D3')).toBe(1);
  });
  it('looks past a name that is not followed by "="', () => {
    expect(residueStart('utm_x-9utm_source%3Dy')).toBe(7);
    expect(residueStart('gclid-gclid=1')).toBe(6);
  });
});

describe('removeTrackingParameters', () => {
  it('cuts a broken query back to its own parameter: the glued-on utm_source and the bare "utm" leave', () => {
    expect(cleaned('https://ohairesorts.com/conil/?partner=6878utm_source%3Dgoogle&utm_medium=organic&utm_campaign=MyBusiness&utm')).toEqual({
      href: 'https://ohairesorts.com/conil/?partner=6878',
      removed: ['utm_source', 'utm_medium', 'utm_campaign', 'utm'],
    });
  });
  it.each([
    ['https://a.es/?partner=6878&utm_source=google', 'https://a.es/?partner=6878', ['utm_source']],
    ['https://a.es/?p=1utm_a=2&b=3', 'https://a.es/?p=1&b=3', ['utm_a']],
    ['https://a.es/?utm_', 'https://a.es/', ['utm_']],
    ['https://a.es/?b=2&&utm=1', 'https://a.es/?b=2', ['utm']],
    ['https://a.es/?ref=utm_source%3Dx', 'https://a.es/?ref=', ['utm_source']],
  ])('%s → %s', (href, expected, removed) => {
    expect(cleaned(href)).toEqual({ href: expected, removed });
  });
  it.each(['https://a.es/?partner=6878', 'https://a.es/?abutm_x%3D1', 'https://a.es/?utmost=1&b=utm', 'https://a.es/?a=1&&b=2', 'https://a.es/', 'https://a.es/?x'])(
    'leaves %s exactly as written',
    (href) => {
      expect(cleaned(href)).toEqual({ href, removed: [] });
    },
  );
  it('uses the table it is given', () => {
    expect(cleaned('https://a.es/?ref=1&utm_source=2', { names: ['ref'], prefixes: [] })).toEqual({ href: 'https://a.es/?utm_source=2', removed: ['ref'] });
  });
});

describe('normaliseWebsite with a broken query', () => {
  it('publishes the site without the residue and says what it removed', () => {
    const raw = 'https://ohairesorts.com/conil/?partner=6878utm_source%3Dgoogle&utm_medium=organic&utm_campaign=MyBusiness&utm';
    expect(normaliseWebsite(raw)).toEqual({
      value: 'https://ohairesorts.com/conil/?partner=6878',
      issues: [{ field: 'website', code: 'tracking-removed', value: raw, detail: 'removed utm_source, utm_medium, utm_campaign, utm' }],
    });
  });
});
