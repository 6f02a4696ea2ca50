// The use cases' errors as the CLI prints them: the same one line and exit code 1, whatever class they derive from.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/commands.ts';
import { PointerMovedError } from '../../pipeline/index.ts';
import { acquireCountryLock, type CountryLock } from '../../pipeline/runs/country-lock.ts';
import { runCli } from '../../platform/run-cli.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-cli-errors-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs one `lodging` command on the test's data directory: exit code and stderr, the directory written as <data>. */
async function lodging(argv: string[]): Promise<{ code: number; stderr: string }> {
  const err: string[] = [];
  const io = { stdout: () => undefined, stderr: (s: string) => void err.push(s), env: { LODGING_DATA_DIR: dataDir } };
  const code = await main(argv, io);
  return { code, stderr: err.join('').split(dataDir).join('<data>') };
}

describe('the use cases’ errors on the command line', () => {
  it('ImportError: an export file that cannot be read', async () => {
    expect(await lodging(['import', '--country', 'es', path.join(dataDir, 'missing.jsonl')])).toEqual({ code: 1, stderr: 'lodging import: cannot read <data>/missing.jsonl: ENOENT: no such file or directory, stat \'<data>/missing.jsonl\'\n' });
  });

  it('PublicationError: nothing to roll back to', async () => {
    expect(await lodging(['rollback', '--country', 'pt'])).toEqual({ code: 1, stderr: 'lodging rollback: nothing to roll back to: pt has no published snapshot\n' });
  });

  it('UnknownRunError: a run the history does not have', async () => {
    expect(await lodging(['publish', '20261125T154632693Z-6494db'])).toEqual({ code: 1, stderr: 'lodging publish: no run "20261125T154632693Z-6494db" in the run history (see `lodging runs`)\n' });
  });

  it('CountryBusyError: another live run holds the country', async () => {
    let lock: CountryLock | undefined;
    try {
      lock = acquireCountryLock(dataDir, 'fr', 'held-by-test', 'import');
      const { pid, host, since } = lock.holder;
      const result = await lodging(['rollback', '--country', 'fr']);
      expect({ ...result, stderr: result.stderr.replace(`pid ${pid} on ${host}, since ${since}`, 'pid <pid> on <host>, since <since>') }).toEqual({ code: 1, stderr: 'lodging rollback: country fr is busy: import run held-by-test holds it (pid <pid> on <host>, since <since>); try again when it ends\n' });
    } finally {
      lock?.release();
    }
  });

  it('PointerMovedError: another publisher moved the pointer first', async () => {
    const err: string[] = [];
    const io = { stdout: () => undefined, stderr: (s: string) => void err.push(s), env: {} };
    const moved = async (): Promise<number> => {
      throw new PointerMovedError('gb', 'now 2 at revision 9');
    };
    const commands = { publish: async () => ({ usage: 'usage: lodging publish RUN_ID', run: moved }) };
    expect({ code: await runCli(commands, 'help', ['publish', 'x'], io), stderr: err.join('') }).toEqual({ code: 1, stderr: 'lodging publish: gb: another publisher moved the snapshot pointer first (now 2 at revision 9); nothing was published, the candidate stays held: review it and publish again\n' });
  });
});
