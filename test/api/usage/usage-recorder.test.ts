// The usage recorder: counts in memory (429 apart), writes in batches, "last used" at most once a minute per key, keeps counts across a failed flush.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openConsoleStores } from '../../../api/accounts/console-stores.ts';
import type { ConsoleStores } from '../../../api/accounts/console-stores.ts';
import { createKey } from '../../../api/keys/create-key.ts';
import { createUsageRecorder } from '../../../api/usage/usage-recorder.ts';
import { HOUR_MS } from '../../../api/usage/usage-store.ts';
import type { UsageStore } from '../../../api/usage/usage-store.ts';

const silent = pino({ level: 'silent' });
let dir: string;
let stores: ConsoleStores;

async function open() {
  dir = await mkdtemp(path.join(tmpdir(), 'lodging-usage-'));
  stores = openConsoleStores({ dataDir: dir, redis: null });
  return stores;
}

afterEach(async () => {
  await stores?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('usage recorder', () => {
  it('counts answered and 429 responses per key and hour, written at flush', async () => {
    const { keys, usage } = await open();
    const { key } = await createKey(keys, { accountId: 'a', name: 'k' });
    let now = 1_800_000_000_000;
    const recorder = createUsageRecorder({ usage, keys, logger: silent, flushIntervalMs: 60_000, now: () => now });
    recorder.count(key.id, false, '203.0.113.1');
    recorder.count(key.id, false, '203.0.113.1');
    recorder.count(key.id, true, '203.0.113.1');
    expect(await usage.hourly(key.id, 0)).toEqual([]);
    now += HOUR_MS;
    recorder.count(key.id, false, '203.0.113.2');
    await recorder.stop();
    const hour = 1_800_000_000_000 - (1_800_000_000_000 % HOUR_MS);
    expect(await usage.hourly(key.id, 0)).toEqual([
      { keyId: key.id, hour, ok: 2, limited: 1 },
      { keyId: key.id, hour: hour + HOUR_MS, ok: 1, limited: 0 },
    ]);
    expect((await keys.findById(key.id))?.lastUsedAddress).toBe('203.0.113.2');
  });

  it('writes "last used" at most once a minute per key', async () => {
    const { keys, usage } = await open();
    const { key } = await createKey(keys, { accountId: 'a', name: 'k' });
    let now = 1_800_000_000_000;
    const recorder = createUsageRecorder({ usage, keys, logger: silent, flushIntervalMs: 60_000, now: () => now });
    recorder.count(key.id, false, '203.0.113.1');
    now += 30_000;
    recorder.count(key.id, false, '203.0.113.9');
    await recorder.flush();
    expect(await keys.findById(key.id)).toMatchObject({ lastUsedAt: new Date(1_800_000_000_000).toISOString(), lastUsedAddress: '203.0.113.1' });
    now += 31_000;
    recorder.count(key.id, false, '203.0.113.9');
    await recorder.stop();
    expect((await keys.findById(key.id))?.lastUsedAddress).toBe('203.0.113.9');
  });

  it('asks a lazily given address only when "last used" is due', async () => {
    const { keys, usage } = await open();
    const { key } = await createKey(keys, { accountId: 'a', name: 'k' });
    let now = 1_800_000_000_000;
    const recorder = createUsageRecorder({ usage, keys, logger: silent, flushIntervalMs: 60_000, now: () => now });
    let asked = 0;
    const address = () => {
      asked += 1;
      return '203.0.113.7';
    };
    recorder.count(key.id, false, address);
    now += 1_000;
    recorder.count(key.id, false, address);
    recorder.count(key.id, true, address);
    await recorder.stop();
    expect(asked).toBe(1);
    expect((await keys.findById(key.id))?.lastUsedAddress).toBe('203.0.113.7');
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const { keys, usage } = await open();
    let fail = true;
    const flaky: UsageStore = {
      add: async (counts) => {
        if (fail) throw new Error('store down');
        await usage.add(counts);
      },
      hourly: usage.hourly,
      takeDownload: usage.takeDownload,
      downloadsOn: usage.downloadsOn,
      close: usage.close,
    };
    const recorder = createUsageRecorder({ usage: flaky, keys, logger: silent, flushIntervalMs: 60_000 });
    recorder.count('key_x', false, null);
    await recorder.flush();
    fail = false;
    recorder.count('key_x', true, null);
    await recorder.stop();
    const [count] = await usage.hourly('key_x', 0);
    expect(count).toMatchObject({ ok: 1, limited: 1 });
  });
});
