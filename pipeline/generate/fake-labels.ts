// A listing's kind, name and category labels: plurals, classes, mixed languages, unknown and non-lodging labels.
import type { CityEntry, CountryVocabulary, LabelFamily } from './country-vocabulary.ts';
import type { Random } from './prng.ts';

/** Kinds that registries grade with stars, keys or palms. */
const GRADED = new Set(['hotel', 'guesthouse', 'apartment', 'ruralHouse', 'campsite']);

export function drawFamily(random: Random, vocabulary: CountryVocabulary): LabelFamily {
  return random.pickWeighted(vocabulary.families.map((family) => [family, family.weight] as const));
}

export function fakeName(random: Random, vocabulary: CountryVocabulary, family: LabelFamily, city: CityEntry): string {
  let name = `${random.pick(family.nameWords)} ${random.pick(vocabulary.nameParts)}`;
  if (random.chance(0.25)) name += ` ${city.city}`;
  if (random.chance(0.04)) name = name.toUpperCase();
  if (random.chance(0.02)) name = `  ${name} `;
  return name;
}

/** Undefined when the listing carries no categories field at all. */
export function fakeCategories(random: Random, vocabulary: CountryVocabulary, family: LabelFamily): unknown {
  const roll = random.next();
  if (roll < 0.008) return [random.pick(vocabulary.nonLodgingLabels)];
  if (roll < 0.011) return [random.pick(vocabulary.unknownLabels)];
  if (roll < 0.016) return undefined;
  if (roll < 0.018) return [];
  if (roll < 0.019) return random.pick(family.labels); // a lone string, not a list

  // The family's usual label half the time, one of its variants otherwise.
  const labels: string[] = [random.chance(0.5) ? family.labels[0]! : random.pick(family.labels)];
  if (random.chance(GRADED.has(family.type) ? 0.45 : 0.08)) labels.push(random.pick(vocabulary.qualityLabels));
  if (random.chance(0.05)) {
    const foreign = random.pick(vocabulary.foreignLabels);
    if (random.chance(0.5)) labels.unshift(foreign);
    else labels.push(foreign);
  }
  if (random.chance(0.03)) labels.push(random.pick(vocabulary.nonLodgingLabels));
  if (random.chance(0.01)) labels.push(random.pick(vocabulary.unknownLabels));
  if (random.chance(0.01)) labels.push('');
  if (random.chance(0.02)) {
    // A second kind of the same place ("Hotel" and "Apartamentos"): the most specific should win.
    labels.push(random.pick(random.pick(vocabulary.families).labels));
  }
  return labels;
}
