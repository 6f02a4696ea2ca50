// Types generated from the served /openapi.json by two real generators (openapi-typescript and
// @hey-api/openapi-ts) type-check a small openapi-fetch client that calls the live API, nullable enums included.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient as generateHeyApi } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import previousDocument from './support/openapi-before-zod-place.json' with { type: 'json' };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
// Inside the project, so the client resolves openapi-fetch from node_modules; .tmp/ is git-ignored.
const WORK = path.join(ROOT, '.tmp', `generated-clients-${process.pid}`);

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    types: [],
  },
  include: ['*.ts'],
};

/** A client a developer would write: openapi-fetch typed by openapi-typescript, results typed by @hey-api/openapi-ts. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { components, paths } from './openapi-typescript.ts';
import type { Place as HeyPlace, PlacePage as HeyPlacePage } from './hey-api/types.gen.ts';

type Place = components['schemas']['Place'];

// Real places have no primary phone: both generators must let phoneType be null.
export const noPhone: Place['phoneType'] = null;
export const noPhoneHey: HeyPlace['phoneType'] = null;
export const reviews: HeyPlace['reviewCount'] = 12;

export async function placesWithoutPhoneType(baseUrl: string, key: string): Promise<Place[]> {
  const client = createClient<paths>({ baseUrl, headers: { 'X-API-Key': key } });
  const { data, error } = await client.GET('/api/v1/places', { params: { query: { country: 'es', limit: 100 } } });
  if (error) throw new Error(error.detail);
  const page: HeyPlacePage = data;
  return page.places.filter((place) => place.phoneType === null);
}
`;

async function generate(dir: string, document: unknown): Promise<void> {
  await mkdir(dir, { recursive: true });
  const documentFile = path.join(dir, 'openapi.json');
  await writeFile(documentFile, JSON.stringify(document));
  await writeFile(path.join(dir, 'openapi-typescript.ts'), astToString(await openapiTS(JSON.stringify(document))));
  await generateHeyApi({
    input: documentFile,
    output: { path: path.join(dir, 'hey-api') },
    plugins: ['@hey-api/typescript'],
    logs: { level: 'silent' },
  } as Parameters<typeof generateHeyApi>[0]);
  await writeFile(path.join(dir, 'client.ts'), CLIENT);
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
}

/** tsc's complaints about the directory, or '' when it type-checks. */
async function typeErrors(dir: string): Promise<string> {
  try {
    await promisify(execFile)(process.execPath, [TSC, '-p', dir], { cwd: dir });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
  await rm(WORK, { recursive: true, force: true });
});

describe('clients generated from the served document', () => {
  it('type-check, and the openapi-fetch client reads places whose phoneType is null', async () => {
    const dir = path.join(WORK, 'served');
    await generate(dir, await (await fetch(`${api.url}/openapi.json`)).json());
    expect(await typeErrors(dir)).toBe('');
    const client = (await import(path.join(dir, 'client.ts'))) as { placesWithoutPhoneType(url: string, key: string): Promise<unknown[]> };
    expect((await client.placesWithoutPhoneType(api.url, api.secret)).length).toBeGreaterThan(0);
  }, 120_000);

  it('would not have type-checked with the previous document, whose enum without a type lost its null', async () => {
    const dir = path.join(WORK, 'previous');
    await generate(dir, previousDocument);
    const errors = (await typeErrors(dir)).trim().split('\n');
    // @hey-api typed phoneType without null: the assignment fails, and so does reading openapi-typescript's page as hey-api's.
    expect(errors).toContainEqual(expect.stringMatching(/^client\.ts\(9,\d+\): error TS2322: Type 'null' is not assignable/));
    expect(errors).toContainEqual(expect.stringMatching(/^client\.ts\(16,\d+\): error TS2322: .* is not assignable to type 'PlacePage'/));
  }, 120_000);
});
