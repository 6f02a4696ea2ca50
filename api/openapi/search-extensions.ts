// The search extensions' part of the document: sort, match and facets on search, facet counts, the suggestion endpoint.
import { CITY_FACET_SIZE, FACET_NAMES } from '../../pipeline/snapshot/reader-types.ts';
import { MAX_SUGGEST_LIMIT } from '../../model/limits.ts';
import { SEARCH_ORDER_PARAMETERS } from '../query/search-params.ts';
import { DEFAULT_SUGGEST_FIELDS, SUGGEST_PARAMETERS } from '../query/suggest-params.ts';
import { openApiParametersOf } from './components.ts';

type Json = Record<string, any>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
/** The suggestion parameters that differ from the search's own are components under these names. */
const SUGGEST_NAMES: Record<keyof typeof SUGGEST_PARAMETERS, string> = {
  country: 'country',
  q: 'suggestQ',
  limit: 'suggestLimit',
  near: 'suggestNear',
  fields: 'suggestFields',
};

function suggestParameters(): Json {
  const own = openApiParametersOf(SUGGEST_PARAMETERS);
  return Object.fromEntries(Object.entries(SUGGEST_NAMES).filter(([name]) => name !== 'country').map(([name, component]) => [component, own[name]]));
}

const facetCounts = {
  type: 'object',
  description: `With \`facets\` only: counts over the whole result (not the page), the same on every page. \`city\` holds the ${CITY_FACET_SIZE} largest cities by slug; \`whatsappEligible\` and \`verified\` count \`true\` and \`false\`.`,
  additionalProperties: false,
  properties: Object.fromEntries(FACET_NAMES.map((name) => [name, { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } }])),
  examples: [{ lodgingType: { hotel: 120, hostel: 14 }, whatsappEligible: { true: 80, false: 54 } }],
};

const suggestPage = {
  type: 'object',
  additionalProperties: false,
  required: ['places', 'scores'],
  properties: {
    places: {
      type: 'array',
      maxItems: MAX_SUGGEST_LIMIT,
      items: ref('schemas', 'PlaceSelection'),
      description: `Best first; each place holds id and ${DEFAULT_SUGGEST_FIELDS.join(', ')} unless \`fields\` says otherwise.`,
    },
    scores: {
      type: 'array',
      maxItems: MAX_SUGGEST_LIMIT,
      items: { type: 'number', minimum: 0, maximum: 1 },
      description: 'How well each place matched, from 0 to 1, in the order of `places`.',
    },
  },
};

/** Adds the search extensions to a document the other extensions already hold (PlaceSelection, path-level parameters). */
export function withSearchExtensions(doc: Json): void {
  const { components, paths } = doc;
  Object.assign(components.parameters, openApiParametersOf(SEARCH_ORDER_PARAMETERS), suggestParameters());
  components.schemas.FacetCounts = facetCounts;
  components.schemas.SuggestPage = suggestPage;
  components.schemas.PlacePage.properties.facets = ref('schemas', 'FacetCounts');
  const search = paths['/api/v1/places'];
  search.parameters.push(...Object.keys(SEARCH_ORDER_PARAMETERS).map((name) => ref('parameters', name)));
  const { '400': badRequest, '401': unauthorized, '405': notAllowed, '429': tooMany, '503': unavailable } = search.get.responses;
  paths['/api/v1/places/suggest'] = {
    get: {
      operationId: 'suggestPlaces',
      tags: ['Places'],
      summary: 'Suggestions as one types',
      description:
        'Published places whose name or city words match what was typed: whole earlier words, the beginning of the last; accent-, case- and punctuation-insensitive; typing mistakes tolerated (one in a word of 4–7 letters, two from 8). An exact word beats a beginning, a beginning beats a corrected word, a name beats a city; with `near`, closer places win ties.',
      parameters: Object.values(SUGGEST_NAMES).map((name) => ref('parameters', name)),
      responses: {
        '200': {
          description: 'The best suggestions.',
          headers: search.get.responses['200'].headers,
          content: { 'application/json': { schema: ref('schemas', 'SuggestPage') } },
        },
        '400': badRequest,
        '401': unauthorized,
        '405': notAllowed,
        '429': tooMany,
        '503': unavailable,
      },
    },
  };
  doc.info.description += `

**Search extensions.** \`sort\` (id, relevance, name, rating, distance), \`match\` (literal, words, typo) and \`facets\` on search; suggestions as one types at \`GET /api/v1/places/suggest\`. The MCP tool search_places takes sort, match and facets too, and suggest_places answers as the suggestion endpoint.`;
}
