// `lodging serve` bounds its heap's growth before it opens the server.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { makeDataDir, removeDataDir } from '../support/test-api.ts';

const calls: string[] = [];
vi.mock('../../../api/server/heap-growth.ts', () => ({ boundServerHeapGrowth: () => void calls.push('heap') }));
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
  it('bounds the heap growth once, before starting the server', async () => {
    const dataDir = await makeDataDir({});
    dirs.push(dataDir);
    const code = await runServeCommand(['--port', '0'], { stdout: () => undefined, stderr: () => undefined, env: { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' } }, {
      stopSignal: async () => undefined,
    });
    expect(code).toBe(0);
    expect(calls).toEqual(['heap', 'start']);
  });
});
