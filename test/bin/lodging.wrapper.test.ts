// bin/lodging: starts bin/lodging.js with its arguments, glibc's malloc arenas bounded as model/limits.ts says unless the environment bounds them.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MALLOC_ARENAS } from '../../model/limits.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WRAPPER = path.join(ROOT, 'bin/lodging');
const run = promisify(execFile);

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-wrapper-'));
  // A `node` first on the PATH that says what it was given: the arena bound, then its arguments.
  await fs.writeFile(path.join(dir, 'node'), '#!/bin/sh\necho "$MALLOC_ARENA_MAX" "$@"\n', { mode: 0o755 });
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const withFakeNode = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}`, ...extra };
  if (!('MALLOC_ARENA_MAX' in extra)) delete env.MALLOC_ARENA_MAX;
  return env;
};

describe('bin/lodging', () => {
  it('runs bin/lodging.js with the arguments as given, the arenas bounded as model/limits.ts says', async () => {
    const { stdout } = await run(WRAPPER, ['import', '--country', 'es', 'a file.jsonl'], { env: withFakeNode(), cwd: os.tmpdir() });
    expect(stdout).toBe(`${SERVER_MALLOC_ARENAS} ${path.join(ROOT, 'bin/lodging.js')} import --country es a file.jsonl\n`);
  });

  it('keeps a bound the environment set', async () => {
    const { stdout } = await run(WRAPPER, ['--help'], { env: withFakeNode({ MALLOC_ARENA_MAX: '4' }) });
    expect(stdout.split(' ')[0]).toBe('4');
  });

  it('is the package’s executable and npm start’s', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; scripts: Record<string, string> };
    expect(pkg.bin.lodging).toBe('bin/lodging');
    expect(pkg.scripts.start).toBe('bin/lodging start');
    expect((await fs.stat(WRAPPER)).mode & 0o111).not.toBe(0);
  });
});
