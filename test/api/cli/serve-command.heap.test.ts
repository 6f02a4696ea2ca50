// `lodging serve` bounds its heap's growth and holds its young generation before it opens the server, and lets go when it stops.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { makeDataDir, removeDataDir } from '../support/test-api.ts';

const calls: string[] = [];
vi.mock('../../../api/server/heap-growth.ts', () => ({ boundServerHeapGrowth: () => void calls.push('heap') }));
vi.mock('../../../api/server/young-generation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/server/young-generation.ts')>()),
  holdYoungGeneration: () => (calls.push('hold'), () => void calls.push('release')),
}));
vi.mock('../../../api/server.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../api/server.ts')>();
  return { ...real, startServer: (...args: Parameters<typeof real.startServer>) => (calls.push('start'), real.startServer(...args)) };
});

const { runServeCommand } = await import('../../../api/cli/serve-command.ts');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDataDir(dir);
});

describe('lodging serve and the heap', () => {
  it('bounds the heap growth and holds the young generation once, before starting the server, until it stops', async () => {
    const dataDir = await makeDataDir({});
    dirs.push(dataDir);
    const code = await runServeCommand(['--port', '0'], { stdout: () => undefined, stderr: () => undefined, env: { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' } }, {
      stopSignal: async () => undefined,
    });
    expect(code).toBe(0);
    expect(calls).toEqual(['heap', 'hold', 'start', 'release']);
  });
});
