// The bulk exports and the change feed's include=fields in the served OpenAPI document: new paths, schemas and one parameter.
import { DEFAULT_EXPORT_DOWNLOADS_PER_DAY, SNAPSHOT_VERSION_PATTERN } from '../../model/limits.ts';
import { COUNTRY_CODES, PLACE_FIELDS } from '../../model/place.ts';

type Json = Record<string, any>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const VERSION = SNAPSHOT_VERSION_PATTERN.source.slice(1, -1);
const VERSION_EXAMPLE = '20261122T101500123Z-ab12cd';

const schemas = {
  ChangeEntry: {
    type: 'object',
    description: 'With include=fields: an added or changed place and its served record; changed ones name the fields that differ.',
    additionalProperties: false,
    required: ['id', 'place'],
    properties: {
      id: { type: 'string' },
      place: ref('schemas', 'Place'),
      changedFields: { type: 'array', items: { type: 'string', enum: [...PLACE_FIELDS] }, description: 'changed only: the Place fields whose values differ from the since version.' },
    },
  },
  RemovedEntry: {
    type: 'object',
    description: 'With include=fields: a removed place that was merged into another (the same place), and the id that place is served under now. Other removals stay ids.',
    additionalProperties: false,
    required: ['id', 'replacedBy'],
    properties: {
      id: { type: 'string' },
      replacedBy: { type: 'string', description: 'The id of the place it was merged into: GET /api/v1/places/{id} answers it.' },
    },
  },
  ExportList: {
    type: 'object',
    additionalProperties: false,
    required: ['exports', 'formats'],
    properties: {
      exports: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['country', 'version', 'publishedAt', 'count', 'manifestUrl'],
          properties: {
            country: { type: 'string', enum: [...COUNTRY_CODES] },
            version: { type: 'string', examples: [VERSION_EXAMPLE] },
            publishedAt: { type: 'string', format: 'date-time' },
            count: { type: 'integer', minimum: 0 },
            manifestUrl: { type: 'string', format: 'uri' },
          },
        },
      },
      formats: { type: 'array', items: { type: 'string', enum: ['parquet', 'jsonl.gz'] } },
    },
  },
  ExportManifest: {
    type: 'object',
    description: 'The files of one published version. More members may follow; these keep their names.',
    required: ['country', 'version', 'publishedAt', 'count', 'fields', 'schemaVersion', 'files', 'licence', 'attribution'],
    properties: {
      country: { type: 'string', enum: [...COUNTRY_CODES] },
      version: { type: 'string', examples: [VERSION_EXAMPLE] },
      publishedAt: { type: 'string', format: 'date-time' },
      count: { type: 'integer', minimum: 0, description: 'Places in each file.' },
      fields: { type: 'array', items: { type: 'string' }, description: 'The Place fields each file holds, in order.' },
      schemaVersion: { type: 'integer', minimum: 1, description: 'Raised when a column or the line shape changes.' },
      files: {
        type: 'array',
        items: {
          type: 'object',
          required: ['format', 'url', 'bytes', 'sha256'],
          properties: {
            format: { type: 'string', enum: ['parquet', 'jsonl.gz'] },
            url: { type: 'string', format: 'uri' },
            bytes: { type: 'integer', minimum: 0 },
            sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'Hex SHA-256 of the file: also its ETag.' },
          },
        },
      },
      licence: { type: ['string', 'null'] },
      attribution: { type: ['string', 'null'] },
      geometry: { type: 'object', description: 'The GeoParquet geometry column: WKB points in OGC:CRS84, rows in Hilbert order.' },
    },
  },
};

const parameters = {
  include: {
    name: 'include',
    in: 'query',
    description: '`fields`: each added and changed entry becomes `{id, place}` (the place as GET /api/v1/places/{id} answers it), changed ones with `changedFields`; removed stay ids, except a place merged into another: `{id, replacedBy}`.',
    schema: { type: 'string', enum: ['fields'] },
  },
  exportCountry: { name: 'country', in: 'path', required: true, description: 'A country code.', schema: { type: 'string', enum: [...COUNTRY_CODES] } },
  exportFile: {
    name: 'file',
    in: 'path',
    required: true,
    description: '`{version}.parquet` (GeoParquet 1.1) or `{version}.jsonl.gz` (JSON Lines, gzip, one `{"place": …}` a line).',
    schema: { type: 'string', pattern: `^${VERSION}\\.(parquet|jsonl\\.gz)$`, examples: [`${VERSION_EXAMPLE}.parquet`] },
  },
  range: { name: 'Range', in: 'header', description: 'One byte range (`bytes=START-[END]` or `bytes=-N`): resume a download.', schema: { type: 'string' } },
  ifRange: { name: 'If-Range', in: 'header', description: 'The ETag the held part came from: the range is honoured only while it matches.', schema: { type: 'string' } },
};

/** Adds the export paths and the change feed's include parameter to a document already carrying the extensions. */
export function withExportExtensions(doc: Json): Json {
  const { components, paths } = doc;
  Object.assign(components.schemas, schemas);
  Object.assign(components.parameters, parameters);
  const entry = { anyOf: [{ type: 'string' }, ref('schemas', 'ChangeEntry')] };
  components.schemas.ChangesPage.properties.added.items = entry;
  components.schemas.ChangesPage.properties.changed.items = entry;
  components.schemas.ChangesPage.properties.removed.items = { anyOf: [{ type: 'string' }, ref('schemas', 'RemovedEntry')] };
  paths['/api/v1/changes'].get.parameters.push(ref('parameters', 'include'));
  const rateLimitHeaders = paths['/api/v1/places'].get.responses['200'].headers;
  const { '401': unauthorized, '405': notAllowed, '429': tooMany, '503': unavailable } = paths['/api/v1/changes'].get.responses;
  const common = { '400': ref('responses', 'BadRequest'), '401': unauthorized, '405': notAllowed, '429': tooMany, '503': unavailable };
  const json = (description: string, schema: string) => ({ description, headers: rateLimitHeaders, content: { 'application/json': { schema: ref('schemas', schema) } } });
  doc.tags.push({ name: 'Exports', description: 'Whole countries as files: GeoParquet and JSON Lines, one per published version.' });
  paths['/api/v1/exports'] = {
    get: { operationId: 'listExports', tags: ['Exports'], summary: 'Countries with a published version to download', responses: { '200': json('Each country’s current version.', 'ExportList'), ...common } },
  };
  paths['/api/v1/exports/{country}'] = {
    get: {
      operationId: 'getExportManifest',
      tags: ['Exports'],
      summary: 'The manifest of a country’s current version',
      parameters: [ref('parameters', 'exportCountry')],
      responses: { '200': json('The files of the served version, their sizes and SHA-256.', 'ExportManifest'), '404': ref('responses', 'NotFound'), ...common },
    },
  };
  const file = { type: 'string', contentMediaType: 'application/octet-stream' };
  const fileHeaders = {
    ...rateLimitHeaders,
    ETag: { description: 'The file’s SHA-256 (hex, quoted): a strong validator.', schema: { type: 'string' } },
    'Content-Length': { schema: { type: 'integer' } },
    'Download-Allowance-Limit': { description: `Downloads this key may start per UTC day (default ${DEFAULT_EXPORT_DOWNLOADS_PER_DAY}).`, schema: { type: 'integer' } },
    'Download-Allowance-Remaining': { description: 'Downloads left today; a Range resuming a file counted today costs none.', schema: { type: 'integer' } },
  };
  const fileContent = { 'application/vnd.apache.parquet': { schema: file }, 'application/gzip': { schema: file } };
  paths['/api/v1/exports/{country}/{file}'] = {
    get: {
      operationId: 'downloadExport',
      tags: ['Exports'],
      summary: 'One export file of a kept version',
      description: `Counts against the key's daily download allowance (LODGING_EXPORT_DOWNLOADS_PER_DAY, default ${DEFAULT_EXPORT_DOWNLOADS_PER_DAY}): a GET from byte 0 starts a download; a Range from further on resumes one and counts only when the key has not counted that file today. Past it, 429 with Retry-After until 00:00 UTC.`,
      parameters: ['exportCountry', 'exportFile', 'range', 'ifRange', 'ifNoneMatch'].map((name) => ref('parameters', name)),
      responses: {
        '200': { description: 'The whole file.', headers: fileHeaders, content: fileContent },
        '206': { description: 'The range asked for (Content-Range).', headers: fileHeaders, content: fileContent },
        '304': ref('responses', 'NotModified'),
        ...common,
        '410': ref('responses', 'Gone'),
        '416': { description: 'The range starts past the end (Content-Range: bytes */SIZE).', headers: rateLimitHeaders },
      },
    },
  };
  doc.info.description += ' Bulk exports: `GET /api/v1/exports` (GeoParquet and JSON Lines per published version), and `include=fields` on the change feed.';
  return doc;
}
