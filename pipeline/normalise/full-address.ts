// Best-effort reading of a one-line address ("Ctra A-356, 29712 Viñuela, Málaga, España") into its parts.
import { COUNTRIES, type Country } from '../../model/countries.ts';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from '../../model/place.ts';
import { cleanText } from './scalars.ts';
import { foldText } from '../../model/fold-text.ts';

export interface FullAddressParts {
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** The trailing country name as written ("España"), when the address ends with one. */
  countryName: string | null;
}

/**
 * Names an address may give a country, lower-case and accent-free, keyed by ISO code: the four countries in their
 * own and each other's languages, plus the neighbours a listing near a border is likely to name.
 */
const NAMED_COUNTRIES: Record<string, string[]> = {
  es: ['espana', 'espanha', 'espagne', 'spanien', 'spagna', 'reino de espana'],
  gb: ['reino unido', 'royaume-uni', 'royaume uni', 'united kingdom of great britain and northern ireland',
    'gran bretana', 'grande-bretagne', 'gra-bretanha', 'inglaterra', 'angleterre', 'escocia', 'ecosse',
    'pais de gales', 'pays de galles', 'irlanda del norte', 'irlande du nord'],
  fr: ['francia', 'franca', 'frankreich', 'republique francaise'],
  pt: ['portugal'],
  ad: ['andorra', 'andorre'],
  gi: ['gibraltar'],
  ie: ['ireland', 'irlanda', 'irlande', 'eire', 'republic of ireland'],
  be: ['belgique', 'belgium', 'belgica', 'belgie', 'belgien'],
  ch: ['suisse', 'switzerland', 'suiza', 'suica', 'schweiz', 'svizzera'],
  mc: ['monaco'],
  it: ['italia', 'italy', 'italie'],
  de: ['deutschland', 'germany', 'alemania', 'allemagne', 'alemanha'],
  lu: ['luxembourg', 'luxemburgo'],
  ma: ['morocco', 'marruecos', 'maroc', 'marrocos'],
  nl: ['netherlands', 'nederland', 'paises bajos', 'pays-bas', 'holanda'],
};

const CODE_BY_NAME = buildNameIndex();
const LONGEST_NAME_WORDS = Math.max(...[...CODE_BY_NAME.keys()].map((name) => name.split(' ').length));

/** "España" → "es", "ROYAUME-UNI" → "gb", "Andorre" → "ad"; null for anything else. */
export function countryCodeForName(name: string): string | null {
  return CODE_BY_NAME.get(nameKey(name)) ?? null;
}

export function parseFullAddress(text: string, country: Country): FullAddressParts {
  const parts = cleanText(text).split(',').map((part) => part.trim()).filter((part) => part !== '');
  const { countryName, end } = findCountry(parts, country);
  // An address in another of the four countries is read by that country's postal rules.
  const named = countryName === null ? null : countryCodeForName(countryName);
  const rules = isCountryCode(named) ? COUNTRIES[named] : country;
  const body = parts.slice(0, end);
  const postalIndex = findLastIndex(body, (part) => findPostalCode(part, rules) !== null);
  if (postalIndex === -1) return { ...readWithoutPostalCode(body, rules), postalCode: null, countryName };

  const postalPart = parts[postalIndex] ?? '';
  const found = findPostalCode(postalPart, rules);
  const rest = found === null ? '' : tidy(postalPart.slice(0, found.index) + ' ' + postalPart.slice(found.index + found.text.length));
  let city: string | null = rest === '' ? null : rest;
  let streetEnd = postalIndex;
  if (city === null && rules.code === 'gb' && postalIndex > 0 && !/\d/.test(parts[postalIndex - 1] ?? '')) {
    // British addresses put the town before a postcode of its own ("…, Belfast, BT15 2AN").
    city = parts[postalIndex - 1] ?? null;
    streetEnd = postalIndex - 1;
  }
  const after = body.slice(postalIndex + 1).filter((part) => !/\d/.test(part));
  return {
    street: joinParts(parts.slice(0, streetEnd)),
    city,
    state: joinParts(after),
    postalCode: found === null ? null : formatPostalCode(found.text, rules.code),
    countryName,
  };
}

/**
 * Without a postal code the last digit-free part is the best guess at the city; Spanish addresses name the
 * province after the town ("Pozo Alcón, Jaén"), so there two trailing digit-free parts are city and state.
 */
function readWithoutPostalCode(body: string[], country: Country): Pick<FullAddressParts, 'street' | 'city' | 'state'> {
  const isName = (part: string | undefined): part is string =>
    part !== undefined && !/\d/.test(part) && !STREET_WORD.test(part);
  const last = body.at(-1);
  const beforeLast = body.at(-2);
  if (country.code === 'es' && isName(last) && isName(beforeLast)) {
    return { street: joinParts(body.slice(0, -2)), city: beforeLast, state: last };
  }
  if (isName(last)) return { street: joinParts(body.slice(0, -1)), city: last, state: null };
  return { street: joinParts(body), city: null, state: null };
}

/** Words that open a street rather than a town name, in the four languages. */
const STREET_WORD =
  /^(?:c\/|c\.|av\.|r\.|carr\.|estr\.|(?:calle|carrer|avda|avenida|avenue|rua|rue|road|street|lane|ctra|carretera|camino|cami|camí|paseo|passeig|plaza|pla[cç]a|pra[cç]a|largo|travessa|estrada|chemin|route|all[eé]e|boulevard|impasse|lugar|paraje|urbanizaci[oó]n|pol[ií]gono)(?![\p{L}\p{N}]))/iu;

interface PostalMatch {
  text: string;
  index: number;
}

/** Each country's postal code shape; a Portuguese bare "3360" only counts as the first word of its part. */
const POSTAL_CODE: Record<CountryCode, RegExp[]> = {
  es: [/(?<![\d-])\d{5}(?![\d-])/],
  fr: [/(?<![\d-])\d{5}(?![\d-])/],
  pt: [/(?<![\d-])\d{4}-\d{3}(?![\d-])/, /^\d{4}(?=\s|$)/],
  gb: [/(?<![A-Z\d])(?:[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|GIR\s*0AA)(?![A-Z\d])/i],
};

function findPostalCode(part: string, country: Country): PostalMatch | null {
  for (const pattern of POSTAL_CODE[country.code]) {
    const match = pattern.exec(part);
    if (match !== null) return { text: match[0], index: match.index };
  }
  return null;
}

function formatPostalCode(code: string, country: CountryCode): string {
  if (country !== 'gb') return code;
  const compact = code.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * The country is the last part ("…, España"), or the first words of a part followed by junk the provider appended
 * ("España Teléfono: …, etc."). An earlier part that is only a country name is a place named like one
 * ("Andorra, Teruel"), and nothing before the postal code counts, so a street named "Portugal" is safe.
 */
function findCountry(parts: string[], country: Country): { countryName: string | null; end: number } {
  const lastIndex = parts.length - 1;
  for (let index = lastIndex; index >= 0; index -= 1) {
    const part = parts[index] ?? '';
    if (findPostalCode(part, country) !== null) break;
    const words = part.split(' ');
    for (let count = Math.min(words.length, LONGEST_NAME_WORDS); count >= 1; count -= 1) {
      const candidate = words.slice(0, count).join(' ');
      if (!CODE_BY_NAME.has(nameKey(candidate))) continue;
      const exact = count === words.length;
      const accepted = index === 0 ? exact && lastIndex === 0 : index === lastIndex || !exact;
      if (accepted) return { countryName: candidate, end: index };
    }
  }
  return { countryName: null, end: parts.length };
}

function buildNameIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const code of COUNTRY_CODES) {
    for (const name of [...COUNTRIES[code].names, nameKey(COUNTRIES[code].name)]) index.set(nameKey(name), code);
  }
  for (const [code, names] of Object.entries(NAMED_COUNTRIES)) for (const name of names) index.set(nameKey(name), code);
  return index;
}

function nameKey(name: string): string {
  return foldText(name).replace(/[.]/g, '').replace(/\s+/g, ' ').trim();
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^[\s\-–,.]+|[\s\-–,]+$/g, '').trim();
}

function joinParts(parts: string[]): string | null {
  return parts.length === 0 ? null : parts.join(', ');
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (test(items[index] as T)) return index;
  return -1;
}
