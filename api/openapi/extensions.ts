// The API's additions beyond the spec, laid over the spec's document: only new paths, parameters, headers, responses
// and optional members; nothing the spec's requests and answers rely on changes (the derivation test guards the base).
import { DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT, MAX_CURSOR_LENGTH, MAX_PAGE_LIMIT, SNAPSHOT_VERSION_PATTERN } from '../../model/limits.ts';
import { EXTENSION_SEARCH_PARAMETERS } from '../query/search-params.ts';
import { openApiParametersOf } from './components.ts';
import { withExportExtensions } from './export-extensions.ts';

type Json = Record<string, any>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const VERSION_EXAMPLE = '20261122T101500123Z-ab12cd';

const parameters = {
  ...openApiParametersOf(EXTENSION_SEARCH_PARAMETERS),
  ifNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    description: 'An ETag of an earlier answer: while the answer is the same, a 304 without body (still counted against the rate limit).',
    schema: { type: 'string' },
  },
  since: {
    name: 'since',
    in: 'query',
    description: 'A snapshot version (`X-Snapshot-Version` of an earlier answer). Without it, the feed names the current version only.',
    schema: { type: 'string', pattern: SNAPSHOT_VERSION_PATTERN.source, examples: [VERSION_EXAMPLE] },
  },
  changesLimit: {
    name: 'limit',
    in: 'query',
    description: 'Ids per page.',
    schema: { type: 'integer', minimum: 1, maximum: MAX_CHANGES_LIMIT, default: DEFAULT_CHANGES_LIMIT },
  },
  changesCursor: {
    name: 'cursor',
    in: 'query',
    description: 'page.nextCursor of the preceding feed page, with the same country and since.',
    schema: { type: 'string', maxLength: MAX_CURSOR_LENGTH },
  },
};

const headers = {
  'X-Snapshot-Version': {
    description: 'The published snapshot that answered (responses scoped to one country). Use it as `since` of the change feed.',
    schema: { type: 'string', examples: [VERSION_EXAMPLE] },
  },
  ETag: { description: 'Strong validator of this body; send it back in If-None-Match.', schema: { type: 'string' } },
  'Cache-Control': { description: '`private, no-cache`: keep, but ask again (If-None-Match) before use.', schema: { type: 'string' } },
};

const idList = (description: string) => ({ type: 'array', maxItems: MAX_CHANGES_LIMIT, items: { type: 'string' }, description });

function schemasFor(place: Json): Json {
  return {
    PlaceSelection: {
      type: 'object',
      description: 'A Place narrowed by `fields`: `id` and exactly the fields asked for.',
      additionalProperties: false,
      required: ['id'],
      properties: place.properties,
    },
    ChangesPage: {
      type: 'object',
      additionalProperties: false,
      required: ['from', 'to', 'added', 'changed', 'removed', 'page'],
      properties: {
        from: { type: ['string', 'null'], description: 'The since version; null without since.' },
        to: { type: ['string', 'null'], description: 'The version compared with (the current one when the walk began).' },
        added: idList('Ids published in `to` and not in `from`.'),
        changed: idList('Ids whose published record differs.'),
        removed: idList('Ids published in `from` and not in `to`: delete them.'),
        page: ref('schemas', 'PageInfo'),
      },
      examples: [{ from: VERSION_EXAMPLE, to: '20261123T101500456Z-cd34ef', added: ['es-new-1'], changed: ['es-mad-78018'], removed: ['es-old-7'], page: { count: 3, hasMore: false, nextCursor: null } }],
    },
  };
}

const conditionalHeaders = { 'X-Snapshot-Version': ref('headers', 'X-Snapshot-Version'), ETag: ref('headers', 'ETag'), 'Cache-Control': ref('headers', 'Cache-Control') };

/** The served document: the spec's document with the extensions added (a copy; the input is not changed). */
export function withApiExtensions(base: Record<string, unknown>): Record<string, unknown> {
  const doc = structuredClone(base) as Json;
  const { components, paths } = doc;
  Object.assign(components.parameters, parameters);
  Object.assign(components.headers, headers);
  Object.assign(components.schemas, schemasFor(components.schemas.Place));
  components.schemas.PlacePage.properties.distancesMeters = {
    type: 'array',
    maxItems: MAX_PAGE_LIMIT,
    items: { type: 'number', minimum: 0 },
    description: 'With `near` only: the distance of each place from the point, in metres (0.1 m steps), in the order of `places`.',
  };
  const rateLimitHeaders = paths['/api/v1/places'].get.responses['200'].headers;
  components.responses.NotModified = { description: 'The If-None-Match tag is current: no body.', headers: { ...rateLimitHeaders, ...conditionalHeaders } };
  components.responses.Gone = {
    description: 'The since version is not kept (never published or pruned): re-read the country, then follow the feed from its X-Snapshot-Version.',
    headers: rateLimitHeaders,
    content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } },
  };
  // Path-level parameters: the spec's operations keep their own parameter lists as they are.
  paths['/api/v1/places'].parameters = [...Object.keys(EXTENSION_SEARCH_PARAMETERS), 'ifNoneMatch'].map((name) => ref('parameters', name));
  paths['/api/v1/places/{placeId}'].parameters = ['fields', 'ifNoneMatch'].map((name) => ref('parameters', name));
  // A search of a country with no published snapshot yet has no version to name, so only get lists it as always sent.
  const { 'X-Snapshot-Version': _sometimes, ...alwaysOnSearch } = conditionalHeaders;
  for (const [path, added] of [['/api/v1/places', alwaysOnSearch], ['/api/v1/places/{placeId}', conditionalHeaders]] as const) {
    const { responses } = paths[path].get;
    responses['200'].headers = { ...responses['200'].headers, ...added };
    responses['304'] = ref('responses', 'NotModified');
  }
  paths['/api/v1/places'].get.description +=
    ' Extensions: with `near` results are ordered by distance then id; every answer carries X-Snapshot-Version once the country has a published snapshot.';
  const { '401': unauthorized, '405': notAllowed, '429': tooMany, '503': unavailable } = paths['/api/v1/places'].get.responses;
  paths['/api/v1/changes'] = {
    get: {
      operationId: 'listChanges',
      tags: ['Places'],
      summary: 'Ids added, changed and removed since a snapshot version',
      description:
        'Keeps a mirror of a country with a few requests: ids in id order across the three lists, paged with page.nextCursor; a walk compares with the version that was current on its first page (`to`). A rollback is a change like any other. A client that walks a whole country with GET /api/v1/places should keep the X-Snapshot-Version of its first page as its next since.',
      parameters: [ref('parameters', 'country'), ref('parameters', 'since'), ref('parameters', 'changesLimit'), ref('parameters', 'changesCursor')],
      responses: {
        '200': {
          description: 'One page of changes.',
          headers: { ...rateLimitHeaders, 'X-Snapshot-Version': ref('headers', 'X-Snapshot-Version') },
          content: { 'application/json': { schema: ref('schemas', 'ChangesPage') } },
        },
        '400': ref('responses', 'BadRequest'),
        '401': unauthorized,
        '405': notAllowed,
        '410': ref('responses', 'Gone'),
        '429': tooMany,
        '503': unavailable,
      },
    },
  };
  doc.info.description += `

**Extensions beyond the spec.** \`near\`/\`radius\` (nearby, nearest first, with \`distancesMeters\`), \`bbox\` (map area), \`fields\` (field selection), \`X-Snapshot-Version\`, strong \`ETag\` with \`If-None-Match\` → 304, and the change feed \`GET /api/v1/changes\`. The MCP tools take near, radius, bbox and fields too. Requests valid under the spec answer exactly as before.`;
  return withExportExtensions(doc);
}
