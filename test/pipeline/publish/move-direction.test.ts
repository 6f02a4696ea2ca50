// A move between kept snapshots is named by its direction: back to an older one, forward to a newer one (rule and `lodging rollback`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../bin/commands.ts';
import { moveDirection } from '../../../pipeline/publish/move-direction.ts';
import { listSnapshots } from '../../../pipeline/publish/rollback.ts';

describe('moveDirection', () => {
  it.each([
    ['20261127T100000000Z-aaaaaa', '20261126T100000000Z-bbbbbb', 'back'],
    ['20261126T100000000Z-bbbbbb', '20261127T100000000Z-aaaaaa', 'forward'],
    [null, '20261127T100000000Z-aaaaaa', 'back'],
  ] as const)('from %s to %s is %s', (from, to, expected) => {
    expect(moveDirection(from, to)).toBe(expected);
  });
});

describe('lodging rollback', () => {
  let dir: string;
  const lodging = async (args: string[]) => {
    let stdout = '';
    const code = await main(args, { env: { LODGING_DATA_DIR: path.join(dir, 'data'), LODGING_THREADS: '0' }, interactive: false, stdout: (t) => void (stdout += t), stderr: () => undefined });
    return { code, stdout };
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lodging-move-direction-'));
    for (const [name, ids] of [['es-1.jsonl', ['a', 'b']], ['es-2.jsonl', ['a', 'b', 'c']]] as const) {
      const file = path.join(dir, name);
      await writeFile(file, ids.map((id) => JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'] })).join('\n') + '\n');
      expect((await lodging(['import', '--country', 'es', file])).code).toBe(0);
    }
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('says "rolled back" going to the older snapshot and "rolled forward" going to the newer one', async () => {
    const [newer, older] = listSnapshots(path.join(dir, 'data'), 'es');
    const back = await lodging(['rollback', '--country', 'es']);
    expect(back.stdout).toContain(`es now serves snapshot ${older!.version}`);
    expect(back.stdout).toContain(`rolled back from ${newer!.version}`);
    const forward = await lodging(['rollback', '--country', 'es', '--to', newer!.version, '--json']);
    expect(JSON.parse(forward.stdout)).toMatchObject({ from: older!.version, to: { version: newer!.version }, direction: 'forward' });
  });
});
