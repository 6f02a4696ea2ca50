// The command line of a console import's child: JSON progress and report, who runs it, queue and dry run, the names, then the files.
import { describe, expect, it } from 'vitest';
import { importArgs } from '../../../../api/console/ops/spawn-import.ts';

describe('importArgs', () => {
  it('runs `import` with JSON progress, the actor and each file’s name, the files after --', () => {
    expect(importArgs('/bin/lodging.js', { country: 'es', files: ['/imports/x.jsonl'], names: ['mine.jsonl'], dryRun: false, by: 'ops@example.test', queue: false })).toEqual([
      '/bin/lodging.js', 'import', '--country', 'es', '--json', '--progress', 'json', '--actor', 'ops@example.test', '--name=mine.jsonl', '--', '/imports/x.jsonl',
    ]);
  });

  it('adds --queue and --dry-run when asked; a file named like an option stays a file', () => {
    const args = importArgs('/bin/lodging.js', { country: 'gb', files: ['--help', '/b'], names: ['--help', 'b'], dryRun: true, by: 'a', queue: true });
    expect(args.slice(9)).toEqual(['--queue', '--dry-run', '--name=--help', '--name=b', '--', '--help', '/b']);
  });
});
