// Tests mirror the code: every test file outside the cross-cutting folders names the module it tests.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEST_ROOT = path.join(ROOT, 'test');

/** Suites that test no single module, each in a named folder directly under test/. */
const CROSS_CUTTING = ['architecture', 'browser', 'docs', 'fixtures', 'fuzz', 'hardening', 'integration', 'readme', 'support'];
/** Extensions a tested module may have. */
const MODULE_EXTENSIONS = ['.ts', '.js'];

/** Every file under test/, as a path relative to test/ with forward slashes. */
function testTreeFiles(): string[] {
  return readdirSync(TEST_ROOT, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(TEST_ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const isCrossCutting = (file: string): boolean => CROSS_CUTTING.includes(file.split('/')[0]!);
const inSupportFolder = (file: string): boolean => file.split('/').slice(0, -1).includes('support');

/**
 * The module a unit test file names: `a/b/c.test.ts` and `a/b/c.<aspect>.test.ts` both name `a/b/c`.
 * Pure, so the rule is tested on its own below.
 */
function namedModule(testFile: string): string | null {
  const match = /^(.*\/)?([^/.]+)(\.[a-z0-9-]+)?\.test\.ts$/.exec(testFile);
  return match === null ? null : `${match[1] ?? ''}${match[2]}`;
}

describe('the test tree', () => {
  const files = testTreeFiles();
  const unitTests = files.filter((file) => !isCrossCutting(file) && !inSupportFolder(file));

  it('names a module of the source tree with every test file outside the cross-cutting and support folders', () => {
    const orphans = unitTests.filter((file) => {
      const module = namedModule(file);
      return module === null || !MODULE_EXTENSIONS.some((extension) => existsSync(path.join(ROOT, module + extension)));
    });
    expect(orphans).toEqual([]);
  });

  it('keeps helpers in support/ folders: outside them, only test files sit beside the tests', () => {
    const strays = unitTests.filter((file) => !file.endsWith('.test.ts'));
    expect(strays).toEqual([]);
  });

  it('keeps no separate edge-case or boundary files: those cases belong in the module’s own test file', () => {
    expect(files.filter((file) => /-(edge-cases|boundaries)\.test\.ts$/.test(file))).toEqual([]);
  });

  it('has one tree for operator console tests, under test/api/console/ops/', () => {
    expect(files.filter((file) => file.startsWith('console/'))).toEqual([]);
  });
});

describe('namedModule', () => {
  it.each([
    ['pipeline/normalise/phones.test.ts', 'pipeline/normalise/phones'],
    ['pipeline/jobs/bullmq-runner.faults.test.ts', 'pipeline/jobs/bullmq-runner'],
    ['api/console/ops/import-job-store.contract.test.ts', 'api/console/ops/import-job-store'],
    ['bin/compiled-build.test.ts', 'bin/compiled-build'],
  ])('%s names %s', (file, module) => {
    expect(namedModule(file)).toBe(module);
  });
  it('names nothing for a file that is not a test, or has two aspects', () => {
    expect(namedModule('pipeline/jobs/support/runner-contract.ts')).toBeNull();
    expect(namedModule('api/http/api-routes.a.b.test.ts')).toBeNull();
  });
});
