// The Spanish postal-code table's row format (data/gazetteer/es-postal-codes.tsv.gz): the municipalities a code names and the places it names that the gazetteer lacks, written by bench/build-postal-codes.ts and read back here.

/** A place a postal code names that the gazetteer lacks, at GeoNames' point for it. */
export interface UnlistedPlace {
  name: string;
  lat: number;
  lng: number;
}

/** What one postal code names: the gazetteer's municipality codes of its places, and its places the gazetteer lacks. */
export interface PostalCodeRow {
  postalCode: string;
  municipalities: string[];
  unlisted: UnlistedPlace[];
}

export const POSTAL_COLUMNS = ['postalCode', 'municipalities', 'unlisted'] as const;

export function formatPostalRow(row: PostalCodeRow): string {
  const unlisted = row.unlisted.map((place) => `${place.name};${place.lat.toFixed(4)};${place.lng.toFixed(4)}`);
  return [row.postalCode, row.municipalities.join('|'), unlisted.join('|')].join('\t');
}

export function parsePostalRow(line: string, lineNumber: number, source: string): PostalCodeRow {
  const fields = line.split('\t');
  const [postalCode, municipalities, unlisted] = fields;
  if (fields.length !== POSTAL_COLUMNS.length || !/^\d{5}$/.test(postalCode!)) throw new Error(`${source}:${lineNumber}: not a postal-code row`);
  return {
    postalCode: postalCode!,
    municipalities: municipalities === '' ? [] : municipalities!.split('|'),
    unlisted: unlisted === '' ? [] : unlisted!.split('|').map((text) => {
      const [name, lat, lng] = text.split(';');
      return { name: name!, lat: Number(lat), lng: Number(lng) };
    }),
  };
}

/** The rows of the table's text: a header line naming the columns, then a row a line; the text ends with a newline. */
export function parsePostalFile(text: string, source: string): PostalCodeRow[] {
  return text.split('\n').slice(1).flatMap((line, index) => (line === '' ? [] : [parsePostalRow(line, index + 2, source)]));
}

/**
 * The forms a GeoNames postal-code place name is looked up by: as written, without a bracketed municipality
 * ("Gafares (Sorbas)" → "Gafares"), and with a trailing article put first ("Nudos, Los (Senes)" → "Los Nudos").
 */
export function postalNameForms(name: string): string[] {
  const bare = name.replace(/\s*\([^)]*\)\s*$/, '');
  const turned = /^(.+), (\S+)$/.exec(bare);
  const forms = [name, bare, ...(turned === null ? [] : [`${turned[2]} ${turned[1]}`])];
  return [...new Set(forms)];
}
