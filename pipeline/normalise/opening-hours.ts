// Opening hours as published ("9:00–21:00", "Cerrado", "9h-12h et 14h-18h") turned into day label → list of time ranges.
import type { OpeningHours, TimeRange } from '../../model/place.ts';
import { issue, type Issue, type Normalised } from './issues.ts';
import { alternation, WORDS } from './language-words.ts';
import { cleanText, describeType, isMissing } from './scalars.ts';

// The words come from data/labels/words/<lang>.json (closed, open, hourUnits, perDay, rangeJoiners, rangeOpeners,
// rangeTo, rangeToArticles); only symbols and the shape of a time stay here.
const CLOSED = new RegExp(`^(?:${alternation(WORDS.closed)})$`);
const OPEN_ALL_DAY = new RegExp(
  String.raw`^(?:(?:${alternation(WORDS.open)})\s*)?(?:24\s*\/\s*7|24\s*(?:${alternation(WORDS.hourUnits)})?(?:\s*(?:\/|${alternation(WORDS.perDay)})\s*24\s*h?)?(?:\s*\/\s*7)?)$`,
);

/** Between ranges: commas, semicolons, a spaced slash, "and" in the four languages. */
const RANGE_SEPARATOR = new RegExp(String.raw`\s*[,;|+]\s*|\s+\/\s+|\s+(?:${alternation(WORDS.rangeJoiners)})\s+`);
/** Words that may open a range: "de 9h à 12h", "from 9 to 5", "das 9h às 13h", "desde las 9:00 hasta las 14:00". */
const RANGE_OPENER = new RegExp(String.raw`^(?:${alternation(WORDS.rangeOpeners)})\s+`);
const TIME = String.raw`(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*h?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?`;
const RANGE = new RegExp(
  String.raw`^${TIME}\s*(?:-|\s(?:${alternation(WORDS.rangeTo)})\s)\s*(?:(?:${alternation(WORDS.rangeToArticles)})\s+)?${TIME}$`,
);

export function normaliseOpeningHours(raw: unknown): Normalised<OpeningHours | null> {
  if (isMissing(raw)) return { value: null, issues: [] };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { value: null, issues: [issue('openingHours', 'wrong-type', raw, `expected an object of day → hours, got ${describeType(raw)}`)] };
  }
  // A Map, then fromEntries: a label such as "__proto__" stays an ordinary key.
  const hours = new Map<string, TimeRange[]>();
  const issues: Issue[] = [];
  for (const [rawLabel, value] of Object.entries(raw)) {
    const label = cleanText(rawLabel);
    if (isMissing(value)) continue; // a day the provider left blank is unknown, not closed
    const ranges = label === '' ? null : readDay(value);
    if (ranges === null) {
      const shown = typeof value === 'string' ? value : JSON.stringify(value);
      issues.push(issue('openingHours', 'unreadable-hours', `${label}: ${shown}`, `cannot read the hours of "${label}"`));
      continue;
    }
    hours.set(label, [...(hours.get(label) ?? []), ...ranges]);
  }
  if (issues.length > 0) return { value: null, issues };
  return { value: hours.size === 0 ? null : Object.fromEntries(hours), issues: [] };
}

/** One day's value: text, or a list already made of ranges (or of texts). */
function readDay(value: unknown): TimeRange[] | null {
  if (typeof value === 'string') return parseHoursText(value);
  if (!Array.isArray(value)) return null;
  const ranges: TimeRange[] = [];
  for (const item of value) {
    const read = typeof item === 'string' ? parseHoursText(item) : readRangeObject(item);
    if (read === null) return null;
    ranges.push(...read);
  }
  return ranges;
}

function readRangeObject(item: unknown): TimeRange[] | null {
  if (typeof item !== 'object' || item === null) return null;
  const { open, close } = item as Record<string, unknown>;
  if (typeof open !== 'string' || typeof close !== 'string') return null;
  const range = readRange(`${open}-${close}`);
  return range === null ? null : [range];
}

/** One day's text: [] when closed, 00:00–24:00 when open all day, null when it cannot be read. */
export function parseHoursText(text: string): TimeRange[] | null {
  const normal = cleanText(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .replace(/[.]$/, '');
  if (normal === '') return null;
  if (CLOSED.test(normal)) return [];
  if (OPEN_ALL_DAY.test(normal)) return [{ open: '00:00', close: '24:00' }];
  const ranges: TimeRange[] = [];
  for (const piece of normal.split(RANGE_SEPARATOR)) {
    if (piece === '') continue;
    const range = readRange(piece.replace(RANGE_OPENER, ''));
    if (range === null) return null;
    ranges.push(range);
  }
  return ranges.length === 0 ? null : ranges;
}

function readRange(text: string): TimeRange | null {
  const match = RANGE.exec(text.trim().toLowerCase().replace(/[\u2010-\u2015\u2212]/g, '-'));
  if (match === null) return null;
  const [, openHour, openMinute, openMeridiem, closeHour, closeMinute, closeMeridiem] = match;
  const close = toMinutes(closeHour, closeMinute, meridiemOf(closeMeridiem));
  if (close === null) return null;
  const open = resolveOpen(openHour, openMinute, meridiemOf(openMeridiem), meridiemOf(closeMeridiem), close);
  if (open === null || open >= 24 * 60) return null;
  // Closing at midnight is the end of the day, not its start: "22:00–0:00" and "0:00–0:00" run to 24:00.
  return { open: formatTime(open), close: formatTime(close === 0 ? 24 * 60 : close) };
}

type Meridiem = 'am' | 'pm' | null;

/** "9:00 – 5:00 PM" writes the meridiem once: the opening time takes the one that keeps it before the closing time. */
function resolveOpen(hour: string | undefined, minute: string | undefined, own: Meridiem, closeMeridiem: Meridiem, close: number): number | null {
  if (own !== null || closeMeridiem === null) return toMinutes(hour, minute, own);
  const same = toMinutes(hour, minute, closeMeridiem);
  if (same !== null && same < close) return same;
  return toMinutes(hour, minute, closeMeridiem === 'pm' ? 'am' : 'pm');
}

function meridiemOf(text: string | undefined): Meridiem {
  if (text === undefined) return null;
  return text.startsWith('a') ? 'am' : 'pm';
}

function toMinutes(hourText: string | undefined, minuteText: string | undefined, meridiem: Meridiem): number | null {
  let hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (!Number.isInteger(hour) || minute > 59) return null;
  if (meridiem !== null) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hour > 24 || (hour === 24 && minute !== 0)) return null;
  return hour * 60 + minute;
}

function formatTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
