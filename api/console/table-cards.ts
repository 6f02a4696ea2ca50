// Gives every body cell of a console table the text of its column heading (data-label), so CSS can stack rows as cards on a phone.
// Works on markup the escaping template made: every `<` there opens a tag and heading text is already escaped, so it is safe in an attribute.

const TABLE = /<table\b[\s\S]*?<\/table>/g;
const HEAD = /<thead\b[^>]*>([\s\S]*?)<\/thead>/;
const HEAD_CELL = /<th\b[^>]*>([\s\S]*?)<\/th>/g;
const BODY = /<tbody\b[^>]*>[\s\S]*?<\/tbody>/g;
const ROW = /<tr\b[^>]*>[\s\S]*?<\/tr>/g;
const CELL = /<(td|th)\b([^>]*)>/g;

function headingsOf(table: string): string[] | null {
  const head = HEAD.exec(table);
  if (!head) return null;
  return [...head[1]!.matchAll(HEAD_CELL)].map((m) => m[1]!.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim());
}

function labelRow(row: string, headings: string[]): string {
  let column = 0;
  return row.replace(CELL, (tag: string, name: string, attributes: string) => {
    const heading = headings[column] ?? '';
    const span = /\bcolspan="(\d+)"/.exec(attributes);
    column += span ? Number(span[1]) : 1;
    if (heading === '' || /\bdata-label=/.test(attributes)) return tag;
    return `<${name}${attributes} data-label="${heading}">`;
  });
}

/** The page's markup with data-label on each td/th of every tbody row, taken from the table's thead. */
export function labelTableCells(markup: string): string {
  return markup.replace(TABLE, (table) => {
    const headings = headingsOf(table);
    if (!headings || headings.length === 0) return table;
    return table.replace(BODY, (body) => body.replace(ROW, (row) => labelRow(row, headings)));
  });
}
