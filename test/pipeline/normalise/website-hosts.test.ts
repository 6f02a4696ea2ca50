import { describe, expect, it } from 'vitest';
import { isPublicBodyHost, thirdPartyHost, type HostTables } from '../../../pipeline/normalise/website-hosts.ts';
import { normaliseWebsite } from '../../../pipeline/normalise/urls.ts';

describe('thirdPartyHost', () => {
  it.each([
    ['www.esmadrid.com', 'esmadrid.com'],
    ['esmadrid.com', 'esmadrid.com'],
    ['WWW.NEKATUR.NET', 'nekatur.net'],
    ['m.facebook.com', 'facebook.com'],
    ['www.booking.com', 'booking.com'],
    ['www.campings.net', 'campings.net'],
    ['www.toprural.com', 'toprural.com'],
    ['instagram.com', 'instagram.com'],
    ['hotelsol.es', null],
    ['notfacebook.com', null],
    ['esmadrid.com.hotel.es', null],
    ['www.melia.com', null],
    ['izarbideaterpetxea.wix.com', null],
  ])('%s → %s', (host, expected) => {
    expect(thirdPartyHost(host)).toBe(expected);
  });
});

describe('isPublicBodyHost', () => {
  it.each([
    ['www.cm-tavira.pt', true],
    ['parquecampismo.cm-mira.pt', true],
    ['www.ayuntamientobonar.org', true],
    ['turismo.gob.es', true],
    ['www.belfastcity.gov.uk', true],
    ['www.mairie-arles.fr', true],
    ['www.hotelsol.es', false],
    ['campinggob.es', false],
    ['www.cmhotel.pt', false],
  ])('%s → %s', (host, expected) => {
    expect(isPublicBodyHost(host)).toBe(expected);
  });
});

describe('normaliseWebsite and the host tables', () => {
  const codes = (raw: unknown) => normaliseWebsite(raw).issues.map((found) => found.code);

  it.each([
    ['http://www.esmadrid.com/alojamientos/hotel-x', null, ['third-party']],
    ['facebook.com/hotelsol', null, ['third-party']],
    ['http://www.nekatur.net/txopebenta http://www.toprural.com/txopebenta', null, ['several-urls', 'third-party', 'third-party']],
    ['http://www.nekatur.net/andutza- casaruralandutza.com', 'https://casaruralandutza.com/', ['several-urls', 'third-party']],
    ['http://www.casaturismoruraltenerife.es / www.wix.com / lacasa', 'http://www.casaturismoruraltenerife.es/', ['several-urls']],
    ['hotelsol.es  www.hotelsol.com', 'https://hotelsol.es/', ['several-urls']],
    ['not-a-url www.hotelsol.es', 'https://www.hotelsol.es/', ['several-urls']],
    ['https://www.ho tel.es', null, ['unparseable-url']],
    ['https://www.hotel .es/', null, ['unparseable-url']],
    ['www.a.es www.b.es', 'https://www.a.es/', ['several-urls']],
    ['mi web hotelsol.es', null, ['unparseable-url']],
    ['http://www.cm-tavira.pt/campismo', 'http://www.cm-tavira.pt/campismo', ['public-body']],
    ['https://hotelsol.es/?utm_source=x', 'https://hotelsol.es/', ['tracking-removed']],
    ['https://hotelsol.es/', 'https://hotelsol.es/', []],
  ])('%s → %s', (raw, website, issueCodes) => {
    expect(normaliseWebsite(raw).value).toBe(website);
    expect(codes(raw)).toEqual(issueCodes);
  });

  it('groups third-party and public-body issues by host', () => {
    const groups = (raw: string) => normaliseWebsite(raw).issues.map((found) => found.group);
    expect(groups('https://www.esmadrid.com/x')).toEqual(['esmadrid.com']);
    expect(groups('https://m.facebook.com/x')).toEqual(['facebook.com']);
    expect(groups('http://www.cm-tavira.pt/')).toEqual(['cm-tavira.pt']);
  });

  it('a single invalid value reports why, as before', () => {
    expect(normaliseWebsite('http://localhost/x')).toMatchObject({ value: null, issues: [{ code: 'private-host' }] });
  });
});

describe('website hosts: edge cases found by mutation runs', () => {
  it.each([
    ['esmadrid.com.', 'esmadrid.com'],
    ['www.esmadrid.com.', 'esmadrid.com'],
    ['FACEBOOK.COM', 'facebook.com'],
    ['xwww.facebook.com', 'facebook.com'],
    ['www.www.facebook.com', 'facebook.com'],
    ['wwwfacebook.com', null],
    ['facebook.com..', null],
    ['www.', null],
  ])('thirdPartyHost(%j) → %j', (host, expected) => {
    expect(thirdPartyHost(host)).toBe(expected);
  });

  it.each([
    ['turismo.gob.es.', true],
    ['gob.es', true],
    ['GOB.ES', true],
    ['www.gob.es', true],
    ['Www.CM-Tavira.PT', true],
    ['cm-tavira.pt.', true],
    ['www.ayuntamiento.org', true],
    // The last label is the top-level domain, never a council's name; a prefix starts the label.
    ['hotel.cm-tavira', false],
    ['cm-tavira', false],
    ['www.cm-tavira', false],
    ['xcm-tavira.pt', false],
    ['tavira-cm.pt', false],
  ])('isPublicBodyHost(%j) → %s', (host, expected) => {
    expect(isPublicBodyHost(host)).toBe(expected);
  });

  // Tables given by the caller: the leading "www." goes before the host is compared.
  const tables: HostTables = { thirdParty: ['www.x.com', 'y.com'], publicBodySuffixes: ['gov.zz'], publicBodyLabelPrefixes: ['council', 'www'] };

  it.each([
    ['www.x.com', null],
    ['x.com', null],
    ['a.www.x.com', 'www.x.com'],
    ['Y.COM', 'y.com'],
    ['www.y.com', 'y.com'],
  ])('thirdPartyHost(%j, given tables) → %j', (host, expected) => {
    expect(thirdPartyHost(host, tables)).toBe(expected);
  });

  it.each([
    ['www.hotel.zz', false],
    ['hotel.council', false],
    ['www.gov.zz', true],
    ['gov.zz', true],
    ['councilx.zz', true],
    ['www.www.zz', true],
    ['a.b.councilz.zz', true],
  ])('isPublicBodyHost(%j, given tables) → %s', (host, expected) => {
    expect(isPublicBodyHost(host, tables)).toBe(expected);
  });
});
