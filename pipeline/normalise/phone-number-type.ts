// A parsed number's type as libphonenumber-js's getType() decides it, each numbering plan's patterns compiled once.
import { Metadata, type MetadataJson, type NumberType, type PhoneNumber } from 'libphonenumber-js/core';
// The very module `libphonenumber-js/max` parses with (its package exports map both to metadata.max.json.js).
import metadataJson from 'libphonenumber-js/max/metadata';

/** The types the library tries after a fixed line, in its order (helpers/getNumberType.js). */
const NON_FIXED_LINE_TYPES = ['MOBILE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL'] as const;

/** One type's test: its whole-number pattern, and its possible lengths when the plan lists them. */
interface TypeTest {
  pattern: RegExp;
  lengths: readonly number[] | undefined;
}

/** A numbering plan's tests, made from its metadata once. */
interface PlanTests {
  national: RegExp;
  fixedLine: TypeTest | null;
  /** What a fixed-line match answers when the plan's mobile numbers cannot be told apart from it. */
  fixedLineOrMobile: boolean;
  mobile: TypeTest | null;
  others: readonly (readonly [NumberType, TypeTest])[];
}

// The library builds a RegExp from the pattern's text for every test of every number (helpers/matchesEntirely.js).
const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);

/** What the metadata class answers of its selected plan (its typings list only the constructor and the selection). */
interface TypeDefinition {
  pattern(): string;
  possibleLengths(): number[] | undefined;
}
interface PlanMetadata {
  selectNumberingPlan(plan: string): void;
  nationalNumberPattern(): string;
  type(type: NumberType): TypeDefinition | false | undefined;
}

function typeTest(metadata: PlanMetadata, type: NumberType): TypeTest | null {
  const definition = metadata.type(type);
  const pattern = definition ? definition.pattern() : '';
  if (!definition || !pattern) return null;
  return { pattern: whole(pattern), lengths: definition.possibleLengths() };
}

function planTests(plan: string): PlanTests {
  const metadata = new Metadata(metadataJson as MetadataJson) as unknown as PlanMetadata;
  metadata.selectNumberingPlan(plan);
  const mobile = metadata.type('MOBILE');
  return {
    national: whole(metadata.nationalNumberPattern()),
    fixedLine: typeTest(metadata, 'FIXED_LINE'),
    fixedLineOrMobile: !mobile || mobile.pattern() === '',
    mobile: typeTest(metadata, 'MOBILE'),
    others: NON_FIXED_LINE_TYPES.flatMap((type) => {
      const test = typeTest(metadata, type);
      return test === null ? [] : [[type, test] as const];
    }),
  };
}

function passes(test: TypeTest | null, nationalNumber: string): boolean {
  if (test === null) return false;
  if (test.lengths && !test.lengths.includes(nationalNumber.length)) return false;
  return test.pattern.test(nationalNumber);
}

// Per plan: a region, or a calling code when the number has none.
const PLANS = new Map<string, PlanTests>();

function testsFor(plan: string): PlanTests {
  let tests = PLANS.get(plan);
  if (tests === undefined) PLANS.set(plan, (tests = planTests(plan)));
  return tests;
}

/** The same answer as `number.getType()` for a number `libphonenumber-js/max` parsed; undefined for one not valid. */
export function phoneNumberType(number: PhoneNumber): NumberType {
  const plan = number.country ?? number.countryCallingCode;
  if (!plan) return undefined;
  const tests = testsFor(plan);
  const nationalNumber = number.nationalNumber || '';
  if (!tests.national.test(nationalNumber)) return undefined;
  if (passes(tests.fixedLine, nationalNumber)) {
    return tests.fixedLineOrMobile || passes(tests.mobile, nationalNumber) ? 'FIXED_LINE_OR_MOBILE' : 'FIXED_LINE';
  }
  for (const [type, test] of tests.others) if (passes(test, nationalNumber)) return type;
  return undefined;
}
