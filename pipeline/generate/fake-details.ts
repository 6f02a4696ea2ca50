// A listing's other fields: rating and review count in the country's number style, verified, hours, status, crawl time.
import type { CountryVocabulary } from './country-vocabulary.ts';
import type { Random } from './prng.ts';

/** "1 910" in French (sometimes with a no-break space), "1.234" in Spanish and Portuguese, "1,234" in English. */
function writeCount(random: Random, vocabulary: CountryVocabulary, count: number): unknown {
  if (random.chance(0.3)) return count;
  if (count < 1000) return String(count);
  const thousands = Math.floor(count / 1000);
  const rest = String(count % 1000).padStart(3, '0');
  if (vocabulary.country === 'fr') return `${thousands}${random.chance(0.1) ? '\u00a0' : ' '}${rest}`;
  if (vocabulary.country === 'gb') return `${thousands},${rest}`;
  return `${thousands}.${rest}`;
}

export function fakeRatingFields(random: Random, vocabulary: CountryVocabulary): Record<string, unknown> {
  const share = vocabulary.country === 'fr' ? 0.8 : 0.35;
  if (!random.chance(share)) return {};
  const rating = Math.round((2.5 + random.next() * 2.5) * 10) / 10;
  const reviewCount = Math.floor(Math.exp(random.next() * 9));
  let writtenRating: unknown = rating;
  if (random.chance(0.004)) writtenRating = random.pick(['9,5', 'N/A', '-1', 'cinco']);
  else if (vocabulary.numberStyle === 'comma-decimal' && random.chance(0.7)) writtenRating = rating.toFixed(1).replace('.', ',');
  else if (random.chance(0.3)) writtenRating = rating.toFixed(1);
  return { rating: writtenRating, reviewCount: writeCount(random, vocabulary, reviewCount) };
}

export function fakeVerified(random: Random): unknown {
  if (!random.chance(0.2)) return undefined;
  return random.pickWeighted<unknown>([
    [true, 50],
    [false, 30],
    ['true', 10],
    ['yes', 5],
    ['1', 5],
  ]);
}

export function fakeOpeningHours(random: Random, vocabulary: CountryVocabulary): unknown {
  if (!random.chance(0.1)) return undefined;
  const hours: Record<string, string> = {};
  if (random.chance(0.08)) {
    for (const day of vocabulary.days) hours[day] = vocabulary.unreadableHours;
    return hours;
  }
  const allDay = random.chance(0.3);
  const opens = random.between(7, 10);
  const closes = random.between(19, 23);
  const split = random.chance(0.15);
  for (const [index, day] of vocabulary.days.entries()) {
    if (allDay) hours[day] = vocabulary.open24Text;
    else if (index === 6 && random.chance(0.3)) hours[day] = vocabulary.closedText;
    else if (split) hours[day] = `${opens}:00–14:00, 16:30–${closes}:00`;
    else hours[day] = `${opens}:00–${closes}:00`;
  }
  return hours;
}

export function fakeBusinessStatus(random: Random): unknown {
  if (!random.chance(0.6)) return undefined;
  return random.pickWeighted<string>([
    ['OPERATIONAL', 955],
    ['CLOSED_TEMPORARILY', 20],
    ['CLOSED_PERMANENTLY', 20],
    ['operational', 4],
    ['UNKNOWN', 1],
  ]);
}

const CRAWL_START = Date.UTC(2012, 0, 1);
const CRAWL_SPAN = Date.UTC(2024, 11, 31) - CRAWL_START;

export function fakeCrawledAt(random: Random): unknown {
  if (!random.chance(0.8)) return undefined;
  const iso = new Date(CRAWL_START + Math.floor(random.next() * CRAWL_SPAN)).toISOString();
  return random.pickWeighted<string>([
    [iso.slice(0, 19), 50],
    [iso.slice(0, 10), 30],
    [iso, 19],
    ['yesterday', 1],
  ]);
}
