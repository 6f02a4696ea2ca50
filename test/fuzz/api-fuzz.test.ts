// Fuzzes the real app (REST, pages, MCP) over HTTP with ≥ 10,000 generated requests: no 5xx, 400s name parameters, 4xx are problems, no secret leaks.
import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/http/request-logger.ts';
import { mountMcp } from '../../api/mcp/mcp-routes.ts';
import { generateKeySecret } from '../../api/keys/key-secret.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';

/** FUZZ_SEED reproduces a run; FUZZ_RUNS changes its size (default 10,000). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const CONCURRENCY = 8;

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Which surface answers: REST problems, an HTML page, or MCP JSON-RPC. */
  surface: 'api' | 'page' | 'mcp' | 'public';
}

interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const logLines: string[] = [];
let api: TestApi;
let agent: Agent;
let host: string;
let port: number;
let cursors: string[] = [];
let placeIds: string[] = [];

beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
  api = await startTestApi({
    env: { LODGING_RATE_LIMIT: '100000000', LODGING_RATE_WINDOW_S: '3600' },
    logger,
    start: { mountAuthenticated: mountMcp, authFailureLimit: { limit: 100_000_000, windowS: 3600 } },
  });
  const url = new URL(api.url);
  host = url.hostname;
  port = Number(url.port);
  agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  // Real cursors to mutate, and real ids to ask for.
  for (const query of ['country=es&limit=1', 'country=es&limit=2&verified=false', 'country=gb&limit=1', 'country=es&q=hotel&limit=1']) {
    const page = JSON.parse((await send({ method: 'GET', path: `/api/v1/places?${query}`, headers: { 'X-API-Key': api.secret }, surface: 'api' })).body);
    if (page.page?.nextCursor) cursors.push(page.page.nextCursor);
    placeIds.push(...page.places.map((p: { id: string }) => p.id));
  }
  expect(cursors.length).toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  agent?.destroy();
  await api?.close();
});

function send(req: FuzzRequest): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, ...(req.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(req.body)) } : {}) };
    const outgoing = request({ host, port, method: req.method, path: req.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    outgoing.on('error', reject);
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}

// ---- generators ---------------------------------------------------------------------------------------------

const SECRET_SHAPED = `lds_live_${'S'.repeat(43)}`;
const unicodeText = fc.string({ unit: 'binary', maxLength: 40 });
const boundaryText = fc.oneof(
  fc.constantFrom('', ' ', '%', '%%', '%zz', '%E0%A4%A', '%00', '%C2%85', '+', '&', '=', '#', '..', '/', '\\', '"', "'", '<script>'),
  fc.constantFrom('a'.repeat(100), 'a'.repeat(101), 'ñ'.repeat(100), '😀'.repeat(101), 'x'.repeat(2048), 'x'.repeat(2049), SECRET_SHAPED),
  fc.nat({ max: 5000 }).map((n) => 'z'.repeat(n)),
);
/** A value as it goes on the wire: encoded, or raw printable ASCII that may be malformed on purpose. */
const rawAscii = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 30 });
const wireValue = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(unicodeText, boundaryText).map((v) => encodeURIComponent(v)) },
  { weight: 1, arbitrary: rawAscii.map((v) => v.replace(/[#]/g, '%23')) },
  { weight: 1, arbitrary: boundaryText.filter((v) => /^[\x21-\x7e]*$/.test(v) && !v.includes('#')) },
);

const mutatedCursor = () =>
  fc.tuple(fc.constantFrom(...cursors), fc.nat(), fc.integer({ min: 0x20, max: 0x7e }), fc.constantFrom('replace', 'delete', 'insert', 'truncate', 'same')).map(
    ([cursor, at, code, how]) => {
      const i = at % cursor.length;
      const c = String.fromCharCode(code);
      if (how === 'replace') return cursor.slice(0, i) + c + cursor.slice(i + 1);
      if (how === 'delete') return cursor.slice(0, i) + cursor.slice(i + 1);
      if (how === 'insert') return cursor.slice(0, i) + c + cursor.slice(i);
      if (how === 'truncate') return cursor.slice(0, i);
      return cursor;
    },
  );

const paramValue = (name: string) => {
  switch (name) {
    case 'country':
      return fc.oneof(fc.constantFrom('es', 'gb', 'fr', 'pt', 'ES', 'xx', 'e', 'ess'), wireValue);
    case 'city':
      return fc.oneof(fc.constantFrom('madrid', 'a-coruna', 'Madrid', 'a--b', '-x', 'london'), wireValue);
    case 'lodgingType':
      return fc.oneof(fc.constantFrom('hotel', 'lodging', 'campsite', 'Hotel', 'castle'), wireValue);
    case 'whatsapp':
    case 'verified':
      return fc.oneof(fc.constantFrom('true', 'false', 'TRUE', '1', 'yes'), wireValue);
    case 'limit':
      return fc.oneof(fc.constantFrom('0', '1', '25', '100', '101', '-1', '1.5', '1e2', '999999999', '%205'), wireValue);
    case 'cursor':
      return fc.oneof(mutatedCursor().map(encodeURIComponent), wireValue);
    default:
      return wireValue;
  }
};

const paramName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('country', 'city', 'q', 'lodgingType', 'whatsapp', 'verified', 'limit', 'cursor') },
  { weight: 1, arbitrary: fc.constantFrom('api_key', 'key', 'token', 'sort', 'Country', SECRET_SHAPED, '') },
  { weight: 1, arbitrary: rawAscii.filter((v) => !v.includes('#') && !v.includes('&') && !v.includes('=')) },
);

const queryString = fc
  .array(
    paramName.chain((name) =>
      fc.oneof(
        paramValue(name).map((value) => `${encodeURIComponent(name)}=${value}`),
        fc.constant(encodeURIComponent(name)),
      ),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => pairs.join('&'));

const authHeaders = fc.oneof(
  { weight: 8, arbitrary: fc.constant('valid').map(() => ({ 'X-API-Key': api.secret })) },
  { weight: 1, arbitrary: fc.constant('bearer').map(() => ({ Authorization: `Bearer ${api.secret}` })) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constant({}),
      fc.constant({ 'X-API-Key': '' }),
      fc.constant({ 'X-API-Key': generateKeySecret() }),
      fc.constant({ Authorization: 'Basic abc' }),
      fc.constant({ Authorization: `bearer  ${SECRET_SHAPED}` }),
      rawAscii.map((v) => ({ 'X-API-Key': v })),
    ),
  },
);

const oddHeaders = fc.record(
  {
    'X-Request-Id': fc.oneof(rawAscii, fc.constantFrom(SECRET_SHAPED, 'a'.repeat(65), 'ok-id.1:2')),
    Accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'application/problem+json', 'x/y;q=0', ''),
    'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
    'X-Forwarded-For': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1'),
    Cookie: rawAscii,
    'If-None-Match': rawAscii,
  },
  { requiredKeys: [] },
);

const method = fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') });

const placeIdSegment = fc.oneof(
  fc.constant(null).map(() => encodeURIComponent(placeIds[0] ?? 'es-x')),
  fc.constantFrom(...['es-nothing', 'xx-1', '', '%', '%E0%A4%A', '%2F', '..', 'es-%00']).map((v) => v),
  fc.oneof(unicodeText, boundaryText, fc.nat({ max: 400 }).map((n) => `es-${'i'.repeat(n)}`)).map(encodeURIComponent),
  rawAscii.map((v) => v.replace(/[?#]/g, '')),
);

const restRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(method, queryString, authHeaders, oddHeaders).map(([m, q, a, h]) => ({ method: m, path: `/api/v1/places?${q}`, headers: { ...h, ...a }, surface: 'api' as const })) },
  {
    weight: 2,
    arbitrary: fc.tuple(method, placeIdSegment, fc.option(queryString, { nil: undefined }), authHeaders, oddHeaders).map(([m, id, q, a, h]) => ({
      method: m,
      path: `/api/v1/places/${id}${q === undefined ? '' : `?${q}`}`,
      headers: { ...h, ...a },
      surface: 'api' as const,
    })),
  },
  { weight: 1, arbitrary: fc.tuple(method, fc.option(queryString, { nil: undefined }), authHeaders).map(([m, q, a]) => ({ method: m, path: `/api/v1/key${q === undefined ? '' : `?${q}`}`, headers: a, surface: 'api' as const })) },
  { weight: 1, arbitrary: fc.tuple(placeIdSegment, oddHeaders).map(([id, h]) => ({ method: 'GET', path: `/places/${id}`, headers: h, surface: 'page' as const })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('/openapi.json', '/healthz', '/readyz', '/problems/invalid-parameter', '/problems/%E0', '/docs/', '/wp-admin.php', '/api/v2/x', '/api/v1/'), rawAscii)
      .map(([p, extra]) => ({ method: 'GET', path: `${p}${extra.startsWith('?') ? extra : ''}`, headers: {}, surface: 'public' as const })),
  },
);

const jsonRpcId = fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.constant(undefined));
const toolArguments = fc.oneof(
  fc.dictionary(fc.constantFrom('country', 'city', 'q', 'lodgingType', 'whatsapp', 'verified', 'limit', 'cursor', 'placeId', 'page', SECRET_SHAPED), fc.oneof(fc.anything({ maxDepth: 2 }), unicodeText, boundaryText, fc.constantFrom('es', 'gb', 'hotel', true, false, 0, 1, 100, 101))),
  fc.record({ country: fc.constantFrom('es', 'gb') , cursor: fc.constant(null).chain(() => mutatedCursor()) }),
  fc.record({ placeId: fc.oneof(fc.constantFrom(...(placeIds.length ? placeIds : ['es-x'])), unicodeText, boundaryText) }),
  fc.anything({ maxDepth: 2 }),
);
const jsonRpcBody = fc.oneof(
  { weight: 6, arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), id: jsonRpcId, method: fc.constant('tools/call'), params: fc.record({ name: fc.oneof(fc.constantFrom('search_places', 'get_place'), unicodeText, fc.constant(SECRET_SHAPED)), arguments: toolArguments }, { requiredKeys: [] }) }, { requiredKeys: ['jsonrpc', 'method'] }).map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0', 2), id: jsonRpcId, method: fc.oneof(fc.constantFrom('tools/list', 'initialize', 'ping', 'resources/list', 'notifications/initialized'), unicodeText), params: fc.anything({ maxDepth: 2 }) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.oneof(unicodeText, fc.constantFrom('', '{', '[]', '[1,2]', 'null', '{"jsonrpc":"2.0"}'), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }).map((v) => JSON.stringify(v))) },
);
const mcpRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(jsonRpcBody, authHeaders, fc.option(fc.constantFrom('2025-06-18', '2024-11-05', 'v0', SECRET_SHAPED, 'x'.repeat(300)), { nil: undefined }), fc.constantFrom('application/json, text/event-stream', 'application/json', '*/*'), fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1'))
  .map(([body, auth, version, accept, contentType]) => ({
    method: 'POST',
    path: '/mcp',
    headers: { ...auth, Accept: accept, 'Content-Type': contentType, ...(version === undefined ? {} : { 'mcp-protocol-version': version }) },
    body,
    surface: 'mcp' as const,
  }));

const anyRequest =
  process.env.FUZZ_ONLY === 'rest' ? restRequest : process.env.FUZZ_ONLY === 'mcp' ? mcpRequest : fc.oneof({ weight: 6, arbitrary: restRequest }, { weight: 1, arbitrary: mcpRequest });

// ---- the properties ---------------------------------------------------------------------------------------------

const KEY_SHAPED = /lds_[A-Za-z0-9_-]{12,}/i;
const contentType = (res: FuzzResponse) => String(res.headers['content-type'] ?? '');

/** What is wrong with one answer, or null. */
function violation(req: FuzzRequest, res: FuzzResponse): string | null {
  if (res.status >= 500) return `status ${res.status}`;
  const everything = `${res.body}\n${JSON.stringify(res.headers)}`;
  // A Key resource's `prefix` shows a key's first 12 characters by design; a secret is 52.
  if (everything.includes(api.secret) || KEY_SHAPED.test(everything)) return 'a key-shaped value in the response';
  if (req.method === 'HEAD') return null;
  if (req.surface === 'mcp' && !(res.status === 401 || res.status === 429)) {
    if (res.status === 202 && res.body === '') return null; // a notification
    let json: { error?: { code?: number }; result?: { isError?: boolean; content?: { text?: string }[] } };
    try {
      json = JSON.parse(res.body);
    } catch {
      return `MCP answered ${res.status} with a body that is not JSON`;
    }
    if (json.error && json.error.code === -32603) return 'MCP internal error';
    if (json.result?.isError && /went wrong/.test(json.result.content?.[0]?.text ?? '')) return 'MCP tool failed internally';
    if (!json.error && !json.result) return 'MCP answer is neither a result nor an error';
    return null;
  }
  if (res.status === 400) {
    if (!contentType(res).startsWith('application/problem+json')) return '400 without problem+json';
    const problem = JSON.parse(res.body) as { errors?: { parameter?: unknown; message?: unknown }[] };
    if (!Array.isArray(problem.errors) || problem.errors.length === 0) return '400 naming no parameter';
    if (problem.errors.some((e) => typeof e.parameter !== 'string' || e.parameter === '' || typeof e.message !== 'string')) return '400 with an unnamed parameter';
    return null;
  }
  if (res.status >= 400 && res.status !== 429) {
    // The profile page's 404 is a page for people, by design.
    if (req.surface === 'page' && res.status === 404 && contentType(res).startsWith('text/html')) return null;
    if (!contentType(res).startsWith('application/problem+json')) return `${res.status} without problem+json`;
  }
  return null;
}

describe('fuzzing the real app', () => {
  it(`answers ${RUNS} generated requests with no 5xx, named 400s, problem 4xx, JSON-RPC MCP errors and no secret`, async () => {
    const started = Date.now();
    const requests = fc.sample(anyRequest, { numRuns: RUNS, seed: SEED });
    const generatedIn = Date.now() - started;
    const counts = { total: 0, byStatus: new Map<number, number>(), rateLimited: 0, mcp: 0 };
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length && failures.length < 5) {
        const req = requests[next++]!;
        let res: FuzzResponse;
        try {
          res = await send(req);
        } catch (error) {
          failures.push(`${req.method} ${req.path}: request failed: ${(error as Error).message}`);
          continue;
        }
        counts.total += 1;
        if (req.surface === 'mcp') counts.mcp += 1;
        if (res.status === 429) counts.rateLimited += 1;
        counts.byStatus.set(res.status, (counts.byStatus.get(res.status) ?? 0) + 1);
        const wrong = violation(req, res);
        if (wrong) failures.push(`${wrong}: ${req.method} ${req.path.slice(0, 300)} ${JSON.stringify(req.headers).slice(0, 300)} ${req.body?.slice(0, 300) ?? ''} → ${res.status} ${res.body.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await new Promise((resolve) => setImmediate(resolve));
    const leakedLog = logLines.find((line) => KEY_SHAPED.test(line) || line.includes(api.secret));
    if (leakedLog) failures.push(`a key-shaped value in a log line: ${leakedLog.slice(0, 300)}`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = `fuzz: ${counts.total} requests (${counts.mcp} MCP), seed ${SEED}, ${seconds} s (generation ${(generatedIn / 1000).toFixed(1)} s), 5xx: ${[...counts.byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)}, 429: ${counts.rateLimited}, by status ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort((a, b) => a[0] - b[0])))}`;
    console.log(summary);
    expect(failures, `${summary}\nreproduce with FUZZ_SEED=${SEED}\n${failures.join('\n')}`).toEqual([]);
    expect(counts.total).toBe(RUNS);
    // A safety net, not a speed target: about 15 s on two idle cores, far longer when the machine is shared.
  }, 300_000);
});
