// With REDIS_URL: two API processes share each key's daily export download allowance; a download resumed on the other counts once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKey } from '../../api/keys/create-key.ts';
import { startServer } from '../../api/server.ts';
import type { RunningServer } from '../../api/server.ts';
import { parseConfig } from '../../platform/environment.ts';
import { readJson } from '../api/support/shapes.ts';
import { makeDataDir, removeDataDir } from '../api/support/test-api.ts';
import { TEST_REDIS_URL, deletePrefix, describeWithRedis, pingRedis, uniquePrefix } from '../support/redis.ts';

const reachable = (await pingRedis()) === null;

async function startReplica(dataDir: string, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const config = parseConfig({ LOG_LEVEL: 'silent', ...env, LODGING_DATA_DIR: dataDir, PORT: '0' });
  return startServer(config, { refreshIntervalMs: 0, authFailureLimit: { limit: 1000, windowS: 60 } });
}

describeWithRedis('the download allowance of two replicas on one Redis', reachable, () => {
  const prefix = uniquePrefix('downloads');
  let a: RunningServer;
  let b: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    const env = { REDIS_URL: TEST_REDIS_URL, LODGING_REDIS_PREFIX: prefix, LODGING_EXPORT_DOWNLOADS_PER_DAY: '2' };
    a = await startReplica(dataDir, env);
    b = await startReplica(dataDir, env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await deletePrefix(TEST_REDIS_URL, prefix);
    await removeDataDir(dataDir);
  });

  it('counts a download once across replicas, and refuses a new one on either past the allowance', async () => {
    const { secret } = await createKey(a.keyStore, { accountId: 'shared-downloads', name: 'd' });
    const get = (server: RunningServer, path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers: { 'X-API-Key': secret, ...headers } });
    const manifest = await readJson(get(a, '/api/v1/exports/es'));
    expect(manifest.status).toBe(200);
    const file = (format: string) => `/api/v1/exports/es/${manifest.body.version}.${format}`;

    const started = await get(a, file('parquet'), { Range: 'bytes=0-99' });
    expect(started.status).toBe(206);
    expect(started.headers.get('download-allowance-remaining')).toBe('1');
    await started.arrayBuffer();
    const resumed = await get(b, file('parquet'), { Range: 'bytes=100-' });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get('download-allowance-remaining')).toBe('1');
    await resumed.arrayBuffer();

    const second = await get(b, file('jsonl.gz'));
    expect(second.status).toBe(200);
    expect(second.headers.get('download-allowance-remaining')).toBe('0');
    await second.arrayBuffer();
    const refused = await get(a, file('parquet'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    await refused.arrayBuffer();
    const resumedPastIt = await get(a, file('jsonl.gz'), { Range: 'bytes=10-' });
    expect(resumedPastIt.status).toBe(206);
    await resumedPastIt.arrayBuffer();
  });
});
