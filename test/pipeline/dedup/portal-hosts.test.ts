// pipeline/dedup/portal-hosts.ts: a host several unrelated places share is a portal, unless an operator's or carrying the place's own name.
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../pipeline/dedup/place-match-key.ts';
import {
  carriesName,
  findPortalHosts,
  hostName,
  isOperatorHost,
  MIN_CARRIED_WORD_LENGTH,
  PORTAL_MIN_UNRELATED_PLACES,
  unrelatedNames,
  type OperatorTables,
  type PortalKey,
} from '../../../pipeline/dedup/portal-hosts.ts';

const place = (id: string, name: string, host: string | null): PortalKey => ({ id, words: nameWords(name).words, host });
const NO_OPERATORS: OperatorTables = { hosts: [], hostWords: [] };

describe('the constants', () => {
  it('two unrelated places make a portal; a carried word has at least four letters', () => {
    expect([PORTAL_MIN_UNRELATED_PLACES, MIN_CARRIED_WORD_LENGTH]).toEqual([2, 4]);
  });
});

describe('hostName', () => {
  it.each([
    ['euro-camping.com', 'eurocamping'],
    ['eurocamping-es.com', 'eurocampinges'],
    ['CAMPIGIR.COM', 'campigir'],
    ['casa_x.hotel.co.uk', 'casaxhotelco'],
    ['es', ''],
  ])('%s → %s', (host, name) => {
    expect(hostName(host)).toBe(name);
  });
});

describe('carriesName', () => {
  it.each([
    ['campigir.com', 'Campigir São Torpes'],
    ['campigir.com', 'Campimeco by Campigir'],
    ['euro-camping.com', 'Eurocamping'],
    ['eurocamping-es.com', 'Eurocamping'],
    ['solineu.com', 'Camping Sol i Neu'],
    ['lasombrera.com', 'La Sombrera'],
    ['casalahoyita.com', 'Casa Rural La Hoyita'],
  ])('%s carries %s', (host, name) => {
    expect(carriesName(host, nameWords(name).words)).toBe(true);
  });
  it.each([
    ['tenerifeturismorural.com', 'El Cango'],
    ['tenerifeturismorural.com', 'Mama Lola'],
    ['campigir.com', 'Parque de Campismo Valbom'],
    ['solmar.es', 'Sol Tenerife'], // "sol" is short: one short word of two is not the name
    ['euro.com', 'Eurocamping'],
    ['camping.com', 'Camping'], // no distinctive word: nothing to carry
  ])('%s does not carry %s', (host, name) => {
    expect(carriesName(host, nameWords(name).words)).toBe(false);
  });
  it('takes a word of exactly four letters, not three', () => {
    expect(carriesName('lolacasas.es', ['lola', 'zz'])).toBe(true);
    expect(carriesName('solcasas.es', ['sol', 'zz'])).toBe(false);
  });
  it('takes short words when the host carries every one of them', () => {
    expect(carriesName('solmar.es', ['mar', 'sol'])).toBe(true);
  });
});

describe('isOperatorHost', () => {
  it.each(['melia.com', 'www2.melia.com', 'coral-hotels.com', 'gfhoteles.com', 'silverpointresorts.com', 'grupoamcotur.com', 'a-group.co.uk'])('%s is an operator', (host) => {
    expect(isOperatorHost(host)).toBe(true);
  });
  it.each(['tenerifeturismorural.com', 'notmelia.com', 'camping-extremadura.com', 'melia.com.es'])('%s is not', (host) => {
    expect(isOperatorHost(host)).toBe(false);
  });
  it('reads the tables it is given', () => {
    const tables: OperatorTables = { hosts: ['a.es'], hostWords: ['club'] };
    expect([isOperatorHost('a.es', tables), isOperatorHost('x.a.es', tables), isOperatorHost('myclub.pt', tables), isOperatorHost('melia.com', tables)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('unrelatedNames', () => {
  it.each([
    [[], 0],
    [[['cango']], 1],
    [[['cango'], ['lola', 'mama']], 2],
    [[['alannia', 'prats'], ['alannia', 'salou'], ['alannia', 'guardamar']], 1],
    [[['a', 'b'], ['c'], ['b', 'c'], ['d']], 2], // a–b–c joined through a third place
    [[['a'], ['b'], ['c'], ['b', 'a']], 2],
    [[['x'], [], []], 1], // places without a distinctive word are left out
    [[['x'], ['x']], 1],
  ])('%j → %i', (places, expected) => {
    expect(unrelatedNames(places)).toBe(expected);
  });
  it('joins long chains of shared words into one group', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => [`w${i}`, `w${i + 1}`]);
    expect(unrelatedNames(chain)).toBe(1);
    expect(unrelatedNames([...chain].reverse())).toBe(1);
  });
});

describe('findPortalHosts', () => {
  it('finds the association portal two unrelated houses share, and drops both pages', () => {
    const verdict = findPortalHosts([
      place('tfe-0002', 'El Cango', 'tenerifeturismorural.com'),
      place('tfe-0009', 'Mama Lola', 'tenerifeturismorural.com'),
      place('tfe-0001', 'Finca Salamanca', 'hotel-fincasalamanca.com'),
    ]);
    expect(verdict).toEqual({
      portals: [{ host: 'tenerifeturismorural.com', unrelated: 2 }],
      dropped: [
        { id: 'tfe-0002', host: 'tenerifeturismorural.com' },
        { id: 'tfe-0009', host: 'tenerifeturismorural.com' },
      ],
      ownKept: [],
    });
  });

  it("keeps an operator's site that carries some of its places' names, for all of them", () => {
    const verdict = findPortalHosts([
      place('c1', 'Campigir São Torpes', 'campigir.com'),
      place('c2', 'Campimeco by Campigir', 'campigir.com'),
      place('c3', 'Parque de Campismo Valbom', 'campigir.com'),
    ]);
    expect(verdict).toEqual({
      portals: [],
      dropped: [],
      ownKept: [
        { id: 'c1', host: 'campigir.com' },
        { id: 'c2', host: 'campigir.com' },
      ],
    });
  });

  it("keeps a site that carries one place's name for its owner's unrelated places too (one hotel group's site)", () => {
    const verdict = findPortalHosts(
      [place('w1', 'Wimpen Sueño Azul', 'wimpen.com'), place('w2', 'Las Rosas', 'wimpen.com'), place('w3', 'El Marqués', 'wimpen.com')],
      new Set(),
      NO_OPERATORS,
    );
    expect(verdict).toEqual({ portals: [], dropped: [], ownKept: [{ id: 'w1', host: 'wimpen.com' }] });
  });

  it('never calls a known operator a portal', () => {
    const keys = [place('t1', 'Teidemar', 'coral-hotels.com'), place('t2', 'Bonanza', 'coral-hotels.com'), place('m1', 'Sol Tenerife', 'melia.com'), place('m2', 'TRYP Princesa Dácil', 'melia.com')];
    expect(findPortalHosts(keys)).toEqual({ portals: [], dropped: [], ownKept: [] });
    expect(findPortalHosts(keys, new Set(), NO_OPERATORS).portals.map((p) => p.host)).toEqual(['coral-hotels.com', 'melia.com']);
  });

  it('reads one place and its twins as one name: siblings of one name are no portal', () => {
    const keys = [place('a', 'Harbour Club I', 'eliteclubresortx.com'), place('b', 'Harbour Club II', 'eliteclubresortx.com'), place('c', 'Harbour Club', 'eliteclubresortx.com')];
    expect(findPortalHosts(keys, new Set(), NO_OPERATORS)).toEqual({ portals: [], dropped: [], ownKept: [] });
  });

  it("leaves out dedup's duplicates: one place published twice under another name is one place", () => {
    const keys = [place('n1', 'Caledonia Náutico', 'shared.es'), place('n2', 'Mar Azul', 'shared.es')];
    expect(findPortalHosts(keys, new Set(['n2']), NO_OPERATORS).portals).toEqual([]);
    expect(findPortalHosts(keys, new Set(), NO_OPERATORS).portals).toEqual([{ host: 'shared.es', unrelated: 2 }]);
  });

  it('needs two listings on the host, two unrelated names among them and none it carries', () => {
    expect(findPortalHosts([place('a', 'El Cango', 'x.es')], new Set(), NO_OPERATORS).portals).toEqual([]);
    expect(findPortalHosts([place('a', 'Verita', 'lasombrera.com'), place('b', 'La Sombrera', 'lasombrera.com')], new Set(), NO_OPERATORS)).toEqual({
      portals: [],
      dropped: [],
      ownKept: [{ id: 'b', host: 'lasombrera.com' }],
    });
    expect(findPortalHosts([place('a', 'Hotel', 'x.es'), place('b', 'Hostal', 'x.es'), place('c', 'Cango', 'x.es')], new Set(), NO_OPERATORS).portals).toEqual([]);
    expect(findPortalHosts([place('a', 'Cango', 'x.es'), place('b', 'Cango II', 'x.es')], new Set(), NO_OPERATORS).ownKept).toEqual([]); // one name: not shared by unrelated places
  });

  it('drops a nameless place on a portal too, and skips listings without a website', () => {
    const verdict = findPortalHosts([place('a', 'Cango', 'x.es'), place('b', 'Lola', 'x.es'), place('c', 'Hotel', 'x.es'), place('d', 'Pino', null)], new Set(), NO_OPERATORS);
    expect(verdict.dropped.map((d) => d.id)).toEqual(['a', 'b', 'c']);
  });

  it('never groups listings without a website under one host', () => {
    expect(findPortalHosts([place('a', 'Cango', null), place('b', 'Lola', null)], new Set(), NO_OPERATORS)).toEqual({ portals: [], dropped: [], ownKept: [] });
  });

  it('lists the portals in host order', () => {
    const keys = ['z.es', 'a.es', 'm.es'].flatMap((host) => [place(`${host}1`, 'Cango', host), place(`${host}2`, 'Lola', host)]);
    expect(findPortalHosts(keys, new Set(), NO_OPERATORS).portals.map((p) => p.host)).toEqual(['a.es', 'm.es', 'z.es']);
  });
});
