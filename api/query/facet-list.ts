// The text form of `facets` (the same in REST and MCP) → the facet names, or the message a 400 gives.
import { FACET_NAMES, type FacetName } from '../../pipeline/snapshot/reader-types.ts';

const NAME = /^[A-Za-z]{1,40}$/;

/** A comma-separated list of facet names, each known, none twice. */
export function parseFacets(text: string): { value: FacetName[] } | { error: string } {
  const facets: FacetName[] = [];
  for (const name of text.split(',').map((part) => part.trim())) {
    const shown = NAME.test(name) ? `"${name}"` : 'an entry';
    if (!(FACET_NAMES as readonly string[]).includes(name)) return { error: `${shown} is not a facet; choose from ${FACET_NAMES.join(', ')}` };
    if (facets.includes(name as FacetName)) return { error: `${shown} is listed twice` };
    facets.push(name as FacetName);
  }
  return { value: facets };
}
