// The README's printed samples as text: shortening real output (…), its sample blocks between markers, and the
// shape two runs share (ids, times, secrets and cursors' random parts masked) that the README test compares.

/** One sample block of the README: `<!-- sample: NAME -->`, a fenced block, `<!-- /sample -->`. */
export interface SampleBlock {
  name: string;
  text: string;
}

export const ELISION = '…';

const BLOCK = /<!-- sample: ([\w-]+) -->\n```\n([\s\S]*?)\n?```\n<!-- \/sample -->/g;

/** Every sample block of a README, in order. */
export function readSampleBlocks(readme: string): SampleBlock[] {
  return [...readme.matchAll(BLOCK)].map((m) => ({ name: m[1]!, text: m[2]! }));
}

/** The README with each named block's text replaced; a sample with no block, or a block with no sample, is an error. */
export function replaceSampleBlocks(readme: string, samples: Record<string, string>): string {
  const names = readSampleBlocks(readme).map((b) => b.name);
  const missing = Object.keys(samples).filter((name) => !names.includes(name));
  const unknown = names.filter((name) => !(name in samples));
  if (missing.length || unknown.length) {
    throw new Error(`README sample blocks and samples differ: no block for ${missing.join(', ') || '-'}; no sample for ${unknown.join(', ') || '-'}`);
  }
  return readme.replace(BLOCK, (_m, name: string) => `<!-- sample: ${name} -->\n\`\`\`\n${samples[name]}\n\`\`\`\n<!-- /sample -->`);
}

/** Lines kept when one of the rules matches; each run of dropped lines becomes one `…` line. */
export function keepLines(text: string, rules: RegExp[]): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (rules.some((rule) => rule.test(line))) out.push(line);
    else if (out.at(-1) !== ELISION) out.push(ELISION);
  }
  return out.join('\n');
}

/**
 * Blank-line separated sections kept when their first line matches a rule (at most `maxLines` lines each, then `…`);
 * each run of dropped sections becomes one `…` line. The first section is always kept.
 */
export function keepSections(text: string, rules: RegExp[], maxLines = Infinity): string {
  const sections = text.trim().split(/\n\s*\n/);
  const out: string[] = [];
  sections.forEach((section, index) => {
    const lines = section.split('\n');
    if (index === 0 || rules.some((rule) => rule.test(lines[0]!))) {
      if (out.length && out.at(-1) !== ELISION) out.push('');
      out.push(...lines.slice(0, maxLines), ...(lines.length > maxLines ? [ELISION] : []));
    } else if (out.at(-1) !== ELISION) {
      out.push(ELISION);
    }
  });
  return out.join('\n');
}

/** A secret as the README prints it: its first characters, then `…`. */
export function shortSecret(secret: string, keep: number): string {
  return `${secret.slice(0, keep)}${ELISION}`;
}

/** One JSON object's members, the unlisted ones elided (`…`), as compact JSON text. */
function membersOf(value: Record<string, unknown>, keep: readonly string[]): string {
  const parts: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (keep.includes(key)) parts.push(`${JSON.stringify(key)}:${JSON.stringify(member)}`);
    else if (parts.at(-1) !== ELISION) parts.push(ELISION);
  }
  return `{${parts.join(',')}}`;
}

/** A places page with only the listed members of each place (the rest elided) and its page object whole. */
export function shortPlacesPage(body: { places: Record<string, unknown>[]; page: unknown }, keep: readonly string[]): string {
  return `{"places":[${body.places.map((place) => membersOf(place, keep)).join(',')}],"page":${JSON.stringify(body.page)}}`;
}

/** A long JSON line broken after commas into lines of at most `width` characters (a longer piece stays whole). */
export function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const piece of text.split(/(?<=,)/)) {
    if (line !== '' && line.length + piece.length > width) {
      lines.push(line);
      line = '';
    }
    line += piece;
  }
  lines.push(line);
  return lines.join('\n');
}

/** A hard-wrapped JSON sample back on one line. */
export function unwrap(text: string): string {
  return text.split('\n').join('');
}

/**
 * What two real runs print alike: run ids and snapshot versions, times and durations, secrets, and a cursor's
 * signature (keyed with a secret of each data directory) masked; every count, word and path kept.
 */
export function shapeOf(text: string): string {
  return text
    .replace(/\d{8}T\d{9}Z-[0-9a-f]{6}/g, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?( UTC)?/g, '<time>')
    .replace(/\b(in|after) \d+(\.\d+)? (s|ms|min)\b/g, '$1 <duration>')
    .replace(/(@lodging\.localhost \/ )\S+/g, '$1<password>')
    .replace(/lds_live_[A-Za-z0-9_-]+…?/g, 'lds_live_<key>')
    .replace(/("nextCursor":"[^"]*)\.[^."]+"/g, '$1.<signature>"');
}
