// Paths of the project's non-TypeScript files (schema.sql, fixtures/, data/) from sources and from the build in dist/ alike.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder that holds package.json: one level up from platform/ in the sources, two from dist/platform/. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot();

/** An absolute path to a file of the project, given relative to its root (e.g. 'pipeline/snapshot/schema.sql'). */
export function projectFile(relative: string): string {
  return path.join(PROJECT_ROOT, relative);
}

/** True when this module runs from the compiled build in dist/ rather than from the TypeScript sources. */
export const RUNNING_COMPILED = import.meta.url.endsWith('.js');
