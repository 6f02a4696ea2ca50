// Every shell example of the README and docs/api.md runs as printed against what `npm start` serves.
// `npx lodging start` runs on a fresh data directory; their `npx lodging keys` lines run as printed (in bash, from
// the project root); their curl lines are read (method, headers, body, URL, `$VAR`s, `name=$(curl … | jq -r .path)`)
// and sent with fetch, so the test needs neither curl nor jq; each must answer 2xx (an MCP call: with no JSON-RPC error;
// a file download: its status alone).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const README_BASE = 'http://localhost:3000';
const COMMANDS = ['start', 'serve', 'import', 'worker', 'keys', 'suppress', 'explain', 'fixtures', 'generate'];


const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
/** The page the API examples live on; the README's tour runs with them. */
const apiPage = await readFile(path.join(ROOT, 'docs/api.md'), 'utf8');
const pages = [readme, apiPage].join('\n');

/** The lines of the README's ```sh blocks, `\`-continuations joined, comments dropped. */
function shellLines(markdown: string): string[] {
  const lines: string[] = [];
  for (const block of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const joined = block[1]!.replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const code = line.replace(/\s+#.*$/, '').trim();
      if (code !== '') lines.push(code);
    }
  }
  return lines;
}

const LINES = shellLines(pages);
const CURL_LINES = LINES.filter((line) => line.includes(`curl `) && line.includes(README_BASE));
const NPX_LINES = LINES.filter((line) => /^npx lodging (keys create|keys list|--help)/.test(line));

interface Curl {
  assign: string | null;
  method: string;
  body: string | null;
  jqPath: string | null;
  headers: Record<string, string>;
  url: string;
}

/** `[name=$(]curl [-s] [-X METHOD] (-H "k: v")* 'url'|"url" [-d '{…}'] [| jq -r .a.b)]`. */
function parseCurl(line: string): Curl {
  const assigned = /^(\w+)=\$\((.*)\)$/.exec(line);
  const command = assigned ? assigned[2]! : line;
  const [curlPart, jqPart] = command.split(/\s*\|\s*/);
  const headers: Record<string, string> = {};
  for (const match of curlPart!.matchAll(/-H\s+(["'])(.*?)\1/g)) {
    const [name, ...value] = match[2]!.split(':');
    headers[name!.trim()] = value.join(':').trim();
  }
  const body = /\s-d\s+'([^']*)'/.exec(curlPart!)?.[1] ?? null;
  const method = /\s-X\s+([A-Z]+)/.exec(curlPart!)?.[1] ?? (body === null ? 'GET' : 'POST');
  const urls = [...curlPart!.replace(/\s-d\s+'[^']*'/, '').matchAll(/(["'])(https?:\/\/.*?)\1/g)].map((m) => m[2]!);
  expect(urls, line).toHaveLength(1);
  const jq = jqPart ? /^jq -r (\.[\w.]+)$/.exec(jqPart) : null;
  if (jqPart) expect(jq, `only "jq -r .path" is understood: ${line}`).not.toBeNull();
  return { assign: assigned ? assigned[1]! : null, method, body, jqPath: jq ? jq[1]! : null, headers, url: urls[0]! };
}

const expand = (text: string, vars: Record<string, string>) =>
  text.replace(/\$(\w+)|\$\{(\w+)\}/g, (_m, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b)!;
    if (!(name in vars)) throw new Error(`the README uses $${name}, which no earlier example sets`);
    return vars[name]!;
  });

let dataDir: string;
let server: ChildProcess;
let baseUrl: string;
let printed = '';
const env = () => ({ ...process.env, LODGING_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development' });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-readme-'));
  server = spawn(process.execPath, ['bin/lodging.js', 'start'], { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  server.stderr!.on('data', (chunk) => void (printed += String(chunk)));
  baseUrl = await new Promise<string>((resolve, reject) => {
    server.stdout!.on('data', (chunk) => {
      printed += String(chunk);
      if (/development key: lds_live_/.test(printed)) resolve(/listening on (http:\S+)/.exec(printed)![1]!);
    });
    server.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${printed}`)));
  });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('says in one line what the demo data is and where its import runs are', () => {
    expect(printed).toMatch(/^Demo data \(es, gb, fr, pt\): the reviewer fixtures .* import runs and reports: `npx lodging runs`/m);
    expect(printed).toContain(`home: ${baseUrl}/`);
  });
});

describe('the README and docs/api.md', () => {
  it('runs the CLI as `npx lodging …` everywhere a command is shown, and links nothing outside the repository', () => {
    const bare = [...pages.matchAll(new RegExp(`(?<![\\w/:.\`-])(?<!npx )lodging (${COMMANDS.join('|')})\\b`, 'g'))].map((m) => m[0]);
    // The import diagram and a quoted error message name the program, not a command line to type.
    expect(bare.filter((m) => !['lodging import', 'lodging worker'].includes(m))).toEqual([]);
    expect(pages).not.toMatch(/\.\.\/shared/);
    expect(apiPage).toContain('npx lodging keys create');
  });

  it('has curl examples to run (the read API, paging and MCP with its headers)', () => {
    expect(CURL_LINES.length).toBeGreaterThanOrEqual(6);
    const mcp = CURL_LINES.filter((line) => line.includes(`${README_BASE}/mcp`));
    expect(mcp.length).toBeGreaterThanOrEqual(1);
    for (const line of mcp) {
      expect(parseCurl(line).headers).toMatchObject({ Authorization: 'Bearer $KEY', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' });
    }
    expect(NPX_LINES.length).toBeGreaterThanOrEqual(1);
  });

  it('names only commands that `npx lodging --help` lists', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['bin/lodging.js', '--help'], { cwd: ROOT, env: env() });
    const listed = new Set([...stdout.matchAll(/^ {2}(\w+)/gm)].map((m) => m[1]!));
    const named = new Set([...pages.matchAll(/npx lodging (\w+)/g)].map((m) => m[1]!));
    expect([...named].filter((command) => !listed.has(command))).toEqual([]);
  }, 60_000);

  it('runs every `npx lodging keys …` line as printed, and every curl line with its key, each answering 2xx', async () => {
    const vars: Record<string, string> = {};
    for (const line of NPX_LINES) {
      const { stdout } = await promisify(execFile)('bash', ['-c', line], { cwd: ROOT, env: env() });
      const secret = [...stdout.matchAll(/lds_live_[\w-]+/g)].map((m) => m[0]).sort((a, b) => b.length - a.length)[0];
      if (line.startsWith('npx lodging keys create')) {
        expect(secret, line).toBeDefined();
        vars.KEY = secret!;
      }
    }
    for (const line of CURL_LINES) {
      const curl = parseCurl(line);
      const url = expand(curl.url, vars).replace(README_BASE, baseUrl);
      const headers = Object.fromEntries(Object.entries(curl.headers).map(([k, v]) => [k, expand(v, vars)]));
      const response = await fetch(url, { method: curl.method, headers, ...(curl.body === null ? {} : { body: curl.body }) });
      const binary = !/json|text/.test(response.headers.get('content-type') ?? '');
      const body = binary ? `(${(await response.arrayBuffer()).byteLength} bytes)` : await response.text();
      expect(response.status, `${line}\n→ ${body}`).toBeGreaterThanOrEqual(200);
      expect(response.status, `${line}\n→ ${body}`).toBeLessThan(300);
      if (binary) continue; // a downloaded file (an export): its status is what the line promises
      const json = JSON.parse(body);
      if (json.places) expect(json.places.length, `${line} finds nothing in the demo data`).toBeGreaterThan(0);
      if (json.jsonrpc) {
        expect(json.error, `${line}\n→ ${body}`).toBeUndefined();
        expect(json.result?.isError, `${line}\n→ ${body}`).not.toBe(true);
        const places = json.result?.structuredContent?.places;
        if (places) expect(places.length, `${line} finds nothing in the demo data`).toBeGreaterThan(0);
      }
      if (curl.assign) {
        const value = curl.jqPath!.split('.').slice(1).reduce((node: any, key) => node?.[key], json);
        expect(typeof value, `${line}: ${curl.jqPath} is not a string`).toBe('string');
        vars[curl.assign] = value as string;
      }
    }
  }, 120_000);
});
