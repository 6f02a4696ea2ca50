// Fuzzes every console form (developer and operator) on the real server: hostile values, names, charsets, content types and CSRF; never a 5xx or a stack trace.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFile } from '../../platform/project-files.ts';
import { PASSWORD } from '../api/console/support/console-harness.ts';
import { startOpsHarness, type OpsHarness } from '../api/console/ops/support/ops-harness.ts';

/** FUZZ_SEED reproduces a run; FUZZ_RUNS changes its size (default 1,500). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const CONCURRENCY = 4;
/** Who sends: signed-in sessions from 127.0.0.1, anonymous forms from .2 (their failed sign-ins spend that address's budget), re-sign-ins from .3. */
type Who = 'developer' | 'operator' | 'spare' | 'anonymous';
const ADDRESS: Record<Who | 'resign', string> = { developer: '127.0.0.1', operator: '127.0.0.1', spare: '127.0.0.1', anonymous: '127.0.0.2', resign: '127.0.0.3' };

interface Answer {
  status: number;
  body: string;
  cookies: Map<string, string | null>;
  location: string | undefined;
}

let harness: OpsHarness;
let labelsDir: string;
let port: number;
const jar: Record<Who, Map<string, string>> = { developer: new Map(), operator: new Map(), spare: new Map(), anonymous: new Map() };
const ids = { devKeys: [] as string[], target: '', invitationToken: '' };

function send(who: Who | 'resign', method: string, target: string, headers: Record<string, string>, body?: Buffer, cookies?: Map<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const cookie = [...(cookies ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
    const all = { ...headers, ...(cookie ? { cookie } : {}), ...(body ? { 'content-length': String(body.length) } : {}) };
    const outgoing = request({ host: '127.0.0.1', port, method, path: target, headers: all, localAddress: ADDRESS[who] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const set = new Map<string, string | null>();
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          set.set(pair!.slice(0, eq), /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || pair!.slice(eq + 1) === '' ? null : pair!.slice(eq + 1));
        }
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookies: set, location: res.headers.location });
      });
      res.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function get(who: Who | 'resign', target: string, cookies: Map<string, string>): Promise<Answer> {
  const answer = await send(who, 'GET', target, {}, undefined, cookies);
  for (const [k, v] of answer.cookies) (v === null ? cookies.delete(k) : cookies.set(k, v));
  return answer;
}

const hidden = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1]?.replace(/&amp;/g, '&') ?? '';
const encode = (fields: [string, string][]) => fields.map(([k, v]) => `${encodeBytes(k)}=${encodeBytes(v)}`).join('&');
/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD, as a browser sends them). */
const encodeBytes = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** Signs the account in again from its own address (its password is never fuzzed, so no slowdown applies). */
async function signInAgain(email: string, cookies: Map<string, string>): Promise<void> {
  cookies.clear();
  const page = await get('resign', '/console/sign-in', cookies);
  const body = Buffer.from(encode([['_csrf', hidden(page.body, '_csrf')], ['email', email], ['password', PASSWORD]]));
  const answer = await send('resign', 'POST', '/console/sign-in', { 'content-type': 'application/x-www-form-urlencoded' }, body, cookies);
  for (const [k, v] of answer.cookies) (v === null ? cookies.delete(k) : cookies.set(k, v));
  if (answer.status !== 303) throw new Error(`signing ${email} in again answered ${answer.status}`);
}

beforeAll(async () => {
  // A copy of the committed label tables: a mapped label is written there, never into data/labels.
  labelsDir = await mkdtemp(path.join(tmpdir(), 'lodging-fuzz-labels-'));
  await cp(projectFile('data/labels'), labelsDir, { recursive: true });
  harness = await startOpsHarness('sqlite', { env: { LODGING_LABELS_DIR: labelsDir } });
  port = Number(new URL(harness.api.url).port);
  for (const [who, email, role] of [['developer', 'fuzz-dev@example.org', 'developer'], ['operator', 'fuzz-ops@example.org', 'operator'], ['spare', 'fuzz-spare@example.org', 'developer']] as const) {
    const { client } = await harness.signedInAs(email, role);
    jar[who].set('lodging_console', client.cookie()!);
  }
  for (const name of ['one', 'two', 'three']) ids.devKeys.push((await harness.api.newKey((await harness.api.server.stores.accounts.findAccountByEmail('fuzz-dev@example.org'))!.id, name)).id);
  const target = await harness.invite('fuzz-target@example.org', 'developer');
  ids.target = target.accountId;
  ids.invitationToken = (await harness.invite('fuzz-invited@example.org', 'developer')).token;
}, 60_000);
afterAll(async () => {
  await harness?.close();
  if (labelsDir) await rm(labelsDir, { recursive: true, force: true });
});

// ---- generators -------------------------------------------------------------------------------------------------

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'prototype', 'valueOf', 'hasOwnProperty', '__proto__[polluted]', 'constructor[prototype][polluted]'];
const hostileText = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.constantFrom('', ' ', 'x'.repeat(301), 'x'.repeat(10_000), 'x'.repeat(20_000), 'ñ'.repeat(1500), '😀'.repeat(101), 'a\u0000b', 'a\u0007b', '\u001b[31mred', 'a\u0085b', 'a\u009bb', 'line\r\nbreak'),
  fc.constantFrom('moc.\u202eexample', 'a\u2066b\u2069', '\u200fabc', 'caf\u00e9', 'cafe\u0301', '<script>alert(1)</script>', '"\'><', '%', '../../etc/passwd', '.', '#', 'es-x  # note'),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.nat({ max: 4000 }).map((n) => 'z'.repeat(n)),
);
const value = (...plausible: string[]) => (plausible.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...plausible) }, { weight: 3, arbitrary: hostileText }) : hostileText);
const realId = (pick: () => string[]) => fc.nat().map((n) => pick()[n % pick().length]!);
const pathId = (real: fc.Arbitrary<string>) =>
  fc.oneof(real, fc.constantFrom(...PROTOTYPE_NAMES.slice(0, 6), 'x', '%00', '..%2F..', '%E0%A4%A', 'a'.repeat(500), 'key_nope'), fc.string({ maxLength: 20 }).map(encodeBytes));

interface Route {
  name: string;
  who: Who;
  path: fc.Arbitrary<string>;
  fields: Record<string, fc.Arbitrary<string>>;
  /** The developer key forms also carry a one-time nonce from the page. */
  noncePage?: string;
  multipart?: boolean;
}

const at = (p: string) => fc.constant(p);
const ROUTES: Route[] = [
  { name: '/console/sign-in', who: 'anonymous', path: at('/console/sign-in'), fields: { email: value('fuzz-target@example.org', 'nobody@example.org'), password: value('wrong password here'), next: value('/console/keys', '//evil.example', '/console/ops/held') } },
  { name: '/console/invitation', who: 'anonymous', path: at('/console/invitation'), fields: { token: fc.oneof(value('nope'), realId(() => [ids.invitationToken])), password: value(), confirm: value() } },
  { name: '/console/sign-out', who: 'spare', path: at('/console/sign-out'), fields: {} },
  { name: '/console/sign-out-everywhere', who: 'spare', path: at('/console/sign-out-everywhere'), fields: {} },
  { name: '/console/password', who: 'developer', path: at('/console/password'), fields: { current: value('wrong current'), password: value('a long enough new passphrase'), confirm: value('a long enough new passphrase') } },
  { name: '/console/keys', who: 'developer', path: at('/console/keys'), fields: { name: value('fuzzed key'), expiry: value('30', '90', '365', 'none') }, noncePage: '/console/keys' },
  { name: '/console/keys/:id/revoke', who: 'developer', path: pathId(realId(() => ids.devKeys)).map((id) => `/console/keys/${id}/revoke`), fields: {} },
  { name: '/console/keys/:id/roll', who: 'developer', path: pathId(realId(() => ids.devKeys)).map((id) => `/console/keys/${id}/roll`), fields: { overlap: value('now', '24h', '7d') }, noncePage: '/console/keys' },
  { name: '/console/ops/suppressions', who: 'operator', path: at('/console/ops/suppressions'), fields: { kind: value('id', 'phone', 'domain'), value: value('es-mad-1', '+34912345678', 'example.com'), note: value('owner request') } },
  { name: '/console/ops/suppressions/remove', who: 'operator', path: at('/console/ops/suppressions/remove'), fields: { kind: value('id', 'phone', 'domain'), value: value('es-mad-1', 'example.com') } },
  { name: '/console/ops/labels', who: 'operator', path: at('/console/ops/labels'), fields: { label: value('Yurta'), key: value('campsite', 'hotel'), language: value('es', 'en') } },
  // The import directory is empty and no fuzzed country is a real one with a file, so no import is ever started.
  { name: '/console/ops/imports/file', who: 'operator', path: at('/console/ops/imports/file'), fields: { country: value('es', 'gb'), file: value('es.jsonl', '../keys.sqlite'), dryRun: value('on') } },
  { name: '/console/ops/imports/upload', who: 'operator', path: at('/console/ops/imports/upload'), fields: { country: hostileText, dryRun: value('on') }, multipart: true },
  { name: '/console/ops/held/:id/publish', who: 'operator', path: pathId(at('r1')).map((id) => `/console/ops/held/${id}/publish`), fields: { confirm: value('es'), reason: value('checked') } },
  { name: '/console/ops/held/:id/discard', who: 'operator', path: pathId(at('r1')).map((id) => `/console/ops/held/${id}/discard`), fields: {} },
  { name: '/console/ops/snapshots/:country/preview', who: 'operator', path: pathId(fc.constantFrom('es', 'gb', 'xx')).map((c) => `/console/ops/snapshots/${c}/preview`), fields: { to: value('v1') } },
  { name: '/console/ops/snapshots/:country/rollback', who: 'operator', path: pathId(fc.constantFrom('es', 'gb', 'xx')).map((c) => `/console/ops/snapshots/${c}/rollback`), fields: { to: value('v1') } },
  { name: '/console/ops/accounts', who: 'operator', path: at('/console/ops/accounts'), fields: { email: value('fuzz-new@example.org'), name: value('New person'), role: value('developer', 'operator') } },
  // Account actions aim at a spare target account (or none), never at the fuzzing sessions' own accounts.
  { name: '/console/ops/accounts/:id/status', who: 'operator', path: pathId(realId(() => [ids.target])).map((id) => `/console/ops/accounts/${id}/status`), fields: { status: value('active', 'disabled') } },
  { name: '/console/ops/accounts/:id/role', who: 'operator', path: pathId(realId(() => [ids.target])).map((id) => `/console/ops/accounts/${id}/role`), fields: { role: value('developer', 'operator') } },
  { name: '/console/ops/accounts/:id/invite', who: 'operator', path: pathId(realId(() => [ids.target])).map((id) => `/console/ops/accounts/${id}/invite`), fields: {} },
  { name: '/console/ops/keys/:id/revoke', who: 'operator', path: pathId(realId(() => ids.devKeys)).map((id) => `/console/ops/keys/${id}/revoke`), fields: {} },
];

type Encoding = 'form' | 'utf-7' | 'latin1-charset' | 'latin1-bytes' | 'bad-percent' | 'json' | 'text' | 'none' | 'xml' | 'gzip-lie' | 'br' | 'multipart' | 'multipart-broken' | 'too-many';
type Csrf = 'valid' | 'missing' | 'wrong' | 'twice' | 'cross-site';
interface FormPost {
  route: number;
  path: string;
  fields: [string, string][];
  encoding: Encoding;
  csrf: Csrf;
  freshNonce: boolean;
}

const formPost: fc.Arbitrary<FormPost> = fc.nat({ max: ROUTES.length - 1 }).chain((index) => {
  const route = ROUTES[index]!;
  const own = Object.entries(route.fields).map(([name, arb]) => fc.option(arb, { freq: 6, nil: undefined }).map((v) => (v === undefined ? [] : [[name, v] as [string, string]])));
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES, ...Object.keys(route.fields)), fc.string({ maxLength: 8 })), hostileText), { maxLength: 3 });
  const encoding: fc.Arbitrary<Encoding> = route.multipart
    ? fc.constantFrom('multipart', 'multipart', 'multipart-broken', 'form', 'utf-7', 'json')
    : fc.oneof({ weight: 10, arbitrary: fc.constant('form' as const) }, { weight: 6, arbitrary: fc.constantFrom<Encoding>('utf-7', 'latin1-charset', 'latin1-bytes', 'bad-percent', 'json', 'text', 'none', 'xml', 'gzip-lie', 'br', 'multipart-broken', 'too-many') });
  const csrf = fc.oneof({ weight: 8, arbitrary: fc.constant('valid' as const) }, { weight: 2, arbitrary: fc.constantFrom<Csrf>('missing', 'wrong', 'twice', 'cross-site') });
  return fc.record({ route: fc.constant(index), path: route.path, fields: fc.tuple(fc.tuple(...own), extra).map(([o, e]) => [...o.flat(), ...e]), encoding, csrf, freshNonce: fc.boolean() });
});

// ---- sending one generated post ---------------------------------------------------------------------------------

const BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';
function bodyOf(post: FormPost, fields: [string, string][]): { headers: Record<string, string>; body: Buffer } {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  switch (post.encoding) {
    case 'form': return { headers: form, body: Buffer.from(encode(fields)) };
    case 'utf-7': return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-7' }, body: Buffer.from(encode(fields)) };
    case 'latin1-charset': return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' }, body: Buffer.from(encode(fields)) };
    case 'latin1-bytes': return { headers: form, body: Buffer.from(fields.map(([k, v]) => `${k}=${v}`).join('&'), 'latin1') };
    case 'bad-percent': return { headers: form, body: Buffer.from(`${encode(fields)}&x=%E0%A4%A&y=%zz&z=%C0%AF&w=%FF`) };
    case 'json': return { headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(Object.fromEntries(fields))) };
    case 'text': return { headers: { 'content-type': 'text/plain' }, body: Buffer.from(encode(fields)) };
    case 'none': return { headers: {}, body: Buffer.from(encode(fields)) };
    case 'xml': return { headers: { 'content-type': 'application/xml' }, body: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>') };
    case 'gzip-lie': return { headers: { ...form, 'content-encoding': 'gzip' }, body: Buffer.from(encode(fields)) };
    case 'br': return { headers: { ...form, 'content-encoding': 'br' }, body: Buffer.from(encode(fields)) };
    case 'too-many': return { headers: form, body: Buffer.from(encode([...fields, ...Array.from({ length: 25 }, (_, i) => [`p${i}`, 'v'] as [string, string])])) };
    case 'multipart':
    case 'multipart-broken': {
      const parts = fields.map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${v}\r\n`);
      const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="export"; filename="es.jsonl"\r\nContent-Type: application/octet-stream\r\n\r\n{"id":"x"}\n\r\n`;
      const whole = `${parts.join('')}${file}--${BOUNDARY}--\r\n`;
      const body = post.encoding === 'multipart' ? whole : whole.slice(0, Math.floor(whole.length / 2));
      return { headers: { 'content-type': `multipart/form-data; boundary=${post.encoding === 'multipart' ? BOUNDARY : ''}` }, body: Buffer.from(body) };
    }
  }
}

/** Each re-sign-in costs a deliberately slow password hash: the spare session comes back a few times, then stays signed out. */
const MAX_RESIGN_INS = 3;
const PAGE: Record<Who, string> = { developer: '/console/account', operator: '/console/ops/suppressions', spare: '/console/account', anonymous: '/console/sign-in' };
const tokens: Record<Who, string | null> = { developer: null, operator: null, spare: null, anonymous: null };
const resignIns = { count: 0 };
let spareSignedOut = false;
let spareSigningIn: Promise<void> | null = null;

async function sendPost(post: FormPost): Promise<Answer> {
  const route = ROUTES[post.route]!;
  const cookies = jar[route.who];
  if (route.who === 'spare' && spareSignedOut && resignIns.count < MAX_RESIGN_INS) {
    spareSigningIn ??= signInAgain('fuzz-spare@example.org', cookies).then(() => {
      resignIns.count += 1;
      spareSignedOut = false;
      spareSigningIn = null;
      tokens.spare = null;
    });
    await spareSigningIn;
  }
  // The page a person would have open gives the CSRF token (stable for a session, so fetched once) and a key form's nonce.
  const fresh = route.noncePage !== undefined && post.freshNonce;
  const page = fresh || tokens[route.who] === null ? await get(route.who, fresh ? route.noncePage! : PAGE[route.who], cookies) : null;
  if (page) tokens[route.who] = hidden(page.body, '_csrf');
  const token = tokens[route.who] ?? '';
  const csrfFields: [string, string][] = { valid: [['_csrf', token]], missing: [], wrong: [['_csrf', `${token.slice(1)}x`]], twice: [['_csrf', token], ['_csrf', token]], 'cross-site': [['_csrf', token]] }[post.csrf] as [string, string][];
  const nonce: [string, string][] = route.noncePage ? [['nonce', page && fresh ? hidden(page.body, 'nonce') : 'stale-nonce']] : [];
  const { headers, body } = bodyOf(post, [...csrfFields, ...nonce, ...post.fields]);
  if (post.csrf === 'cross-site') headers.origin = 'https://evil.example';
  const answer = await send(route.who, 'POST', post.path, headers, body, cookies);
  for (const [k, v] of answer.cookies) {
    if ((cookies.get(k) ?? null) === v) continue;
    if (v === null) cookies.delete(k);
    else cookies.set(k, v);
    tokens[route.who] = null;
  }
  if (route.who === 'spare' && answer.status === 303 && /sign-in/.test(answer.location ?? '')) spareSignedOut = true;
  return answer;
}

// ---- the run ----------------------------------------------------------------------------------------------------

/** A failure the log should never show: an error-level line, an unhandled error, or a stack trace. */
const BAD_LOG = /"level":(50|60)|unhandled error|console request failed|"stack"|\\n\s+at |\n\s+at /;

describe('fuzzing every console form', () => {
  it(`answers ${RUNS} hostile form posts from signed-in developers and operators with no 5xx and no stack trace, and keeps answering`, async () => {
    const started = Date.now();
    const posts = fc.sample(formPost, { numRuns: RUNS, seed: SEED });
    const histogram = new Map<number, number>();
    const byRoute = new Map<string, Map<number, number>>();
    const failures: string[] = [];
    const timing = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < posts.length && failures.length < 5) {
        const post = posts[next++]!;
        const route = ROUTES[post.route]!;
        const t0 = Date.now();
        const answer = await sendPost(post);
        timing.set(route.name, (timing.get(route.name) ?? 0) + Date.now() - t0);
        histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1);
        const counts = byRoute.get(route.name) ?? new Map<number, number>();
        counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
        byRoute.set(route.name, counts);
        if (answer.status >= 500 || answer.status === 0) {
          failures.push(`${answer.status} on ${post.path} (${post.encoding}, csrf ${post.csrf}) with ${JSON.stringify(post.fields).slice(0, 300)}: ${answer.body.slice(0, 300)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const sorted = (m: Map<number, number>) => [...m.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`console form fuzz: ${next} posts in ${seconds} s (seed ${SEED}, ${resignIns.count} re-sign-ins); statuses ${sorted(histogram)}`);
    for (const [name, counts] of [...byRoute.entries()].sort()) console.log(`  ${name}: ${sorted(counts)} (${timing.get(name)} ms in all)`);

    expect(failures).toEqual([]);
    expect(next).toBe(RUNS);
    // Both roles' forms were reached past the CSRF check and the parsers, not only refused at the door.
    expect([...histogram.keys()].filter((s) => s >= 200 && s < 400).length).toBeGreaterThan(0);
    expect(histogram.get(400) ?? 0).toBeGreaterThan(0);
    expect(histogram.get(403) ?? 0).toBeGreaterThan(0);
    expect(histogram.get(415) ?? 0).toBeGreaterThan(0);
    expect(harness.logs.length).toBeGreaterThan(0);
    expect(harness.logs.filter((line) => BAD_LOG.test(line))).toEqual([]);

    // The server still answers every session.
    expect((await get('developer', '/console/keys', jar.developer)).status).toBe(200);
    expect((await get('operator', '/console/ops/accounts', jar.operator)).status).toBe(200);
    expect((await harness.api.get('/api/v1/key')).status).toBe(200);
  }, 180_000);
});
