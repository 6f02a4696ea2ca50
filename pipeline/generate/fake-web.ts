// Websites, map links and e-mail addresses as providers publish them, good and bad, derived from a place's name.
import {
  BAD_EMAILS,
  MAP_HOST_URLS,
  NON_PUBLIC_WEBSITES,
  OFF_MAP_URLS,
} from './generator-vocabulary.ts';
import type { CountryVocabulary } from './country-vocabulary.ts';
import type { Random } from './prng.ts';

/** "Hôtel Les Glycines" → "hotelesglycines": the label a place registers its domain under. */
export function domainSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return slug === '' ? 'alojamiento' : slug.slice(0, 40);
}

function fill(template: string, random: Random, slug: string): string {
  return template
    .replaceAll('{slug}', slug)
    .replaceAll('{digits}', () => String(random.between(100000000, 999999999)) + String(random.between(1000000000, 9999999999)))
    .replaceAll('{code}', () => random.next().toString(36).slice(2, 12));
}

export function fakeWebsite(random: Random, vocabulary: CountryVocabulary, slug: string): string {
  const host = `${slug}.${random.pick(vocabulary.tlds)}`;
  return random.pickWeighted<() => string>([
    [() => `www.${host}`, 30],
    [() => `http://www.${host}`, 20],
    [() => `https://${host}/`, 12],
    [() => `https://www.${host}/${vocabulary.country}/`, 6],
    [() => `https://${host}/?utm_source=google&utm_medium=gmb&utm_campaign=web_link`, 6],
    [() => `https://${slug}.negocio.site/?utm_source=gmb&utm_medium=referral`, 2],
    [() => `https://www.${host}/reservas?gclid=${random.next().toString(36).slice(2)}&lang=${vocabulary.country}`, 3],
    [() => `${random.pick(vocabulary.portals)}${slug}`, 12],
    [() => `https://www.facebook.com/${slug}`, 4],
    [() => `HTTP://WWW.${host.toUpperCase()}`, 1],
    [() => fill(random.pick(NON_PUBLIC_WEBSITES), random, slug), 4],
  ])();
}

export function fakeMapsUrl(random: Random, slug: string): string {
  return fill(random.chance(0.9) ? random.pick(MAP_HOST_URLS) : random.pick(OFF_MAP_URLS), random, slug);
}

export function fakeEmail(random: Random, vocabulary: CountryVocabulary, slug: string): string {
  if (random.chance(0.06)) return fill(random.pick(BAD_EMAILS), random, slug);
  const user = random.pick(vocabulary.emailUsers);
  return random.pickWeighted<() => string>([
    [() => `${user}@${slug}.${random.pick(vocabulary.tlds)}`, 70],
    [() => `${slug}@${random.pick(['gmail.com', 'hotmail.com', 'yahoo.es', 'outlook.com', 'sapo.pt', 'orange.fr'])}`, 20],
    [() => `${user.toUpperCase()}@${slug.toUpperCase()}.${random.pick(vocabulary.tlds).toUpperCase()}`, 5],
    [() => ` ${user}@${slug}.${random.pick(vocabulary.tlds)} `, 5],
  ])();
}
