// A listing's phone, phones and whatsappCheck fields: a primary number, a second line or fax, bad and duplicate numbers.
import type { CountryVocabulary } from './country-vocabulary.ts';
import {
  decoratePhone,
  drawNationalNumber,
  fakeInvalidPhone,
  fakeMultiPhone,
  fakePhone,
  formatPhone,
  type PhoneKind,
} from './fake-phones.ts';
import type { Random } from './prng.ts';

const CALLING_CODES = { es: '+34', gb: '+44', fr: '+33', pt: '+351' } as const;

function drawKind(random: Random): PhoneKind {
  return random.pickWeighted<PhoneKind>([
    ['landline', 75],
    ['mobile', 20],
    ['special', 5],
  ]);
}

/** The phone-related fields of one listing; empty when the listing publishes no phone. */
export function fakeContactFields(random: Random, vocabulary: CountryVocabulary): Record<string, unknown> {
  if (!random.chance(0.88)) return {};
  const fields: Record<string, unknown> = {};
  const kind = drawKind(random);
  const nsn = drawNationalNumber(random, vocabulary, kind);
  const primary = formatPhone(random, vocabulary.country, nsn);
  const roll = random.next();
  if (roll < 0.02) fields.phone = fakeInvalidPhone(random, vocabulary);
  else if (roll < 0.05) fields.phone = fakeMultiPhone(random, vocabulary);
  else if (roll < 0.15) fields.phone = decoratePhone(random, primary);
  else fields.phone = primary;

  if (random.chance(0.3)) {
    const more: string[] = [];
    // Registries list a second line or a fax first, then sometimes a mobile.
    more.push(fakePhone(random, vocabulary, 'landline'));
    if (random.chance(0.3)) more.push(fakePhone(random, vocabulary, 'mobile'));
    if (random.chance(0.05)) more.push(primary);
    if (random.chance(0.03)) more.push(fakeInvalidPhone(random, vocabulary));
    if (random.chance(0.002)) {
      // A chain's central listing with a number per department: more than the 20 additional phones kept.
      for (let i = 0; i < 24; i += 1) more.push(fakePhone(random, vocabulary, 'landline'));
    }
    fields.phones = random.chance(0.01) ? more[0] : more;
  }

  if (random.chance(0.05)) {
    const written = random.chance(0.5) ? `${CALLING_CODES[vocabulary.country]}${nsn}` : primary;
    fields.whatsappCheck = { phone: written, reachable: random.chance(kind === 'mobile' ? 0.8 : 0.3) };
  }
  return fields;
}
