// Whitespace runs as one plain space, without a new string for text that already has them so (most names and labels).

/** Every whitespace run but a lone plain space: a text spaced one space apart matches nothing. */
const RUNS = /\s{2,}|[^\S ]/g;
/** The same within a line: newlines are left as they are. */
const RUNS_IN_LINES = /[^\S\n]{2,}|[^\S\n ]/g;

/** `text.replace(/\s+/g, ' ')`, the text itself when it has nothing to change. */
export function singleSpaced(text: string): string {
  return text.replace(RUNS, ' ');
}

/** `text.replace(/[^\S\n]+/g, ' ')`: each line's whitespace runs as one space, newlines kept. */
export function singleSpacedLines(text: string): string {
  return text.replace(RUNS_IN_LINES, ' ');
}
