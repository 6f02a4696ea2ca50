// The snapshot store's download of one object from a real nats-server: the exact bytes over many chunks, expanded when brotli-encoded, their digest as written, a missing object refused.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../pipeline/distribution/nats-snapshot-store.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../support/nats-server.ts';

const PREFIX = `f${randomBytes(4).toString('hex')}`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.runIf(natsServerAvailable())('fetching a snapshot object from the NATS object store', () => {
  let nats: TestNatsServer;
  let store: NatsSnapshotStore;
  let dir: string;

  beforeAll(async () => {
    nats = await startNatsServer();
    store = await openNatsSnapshotStore({ servers: nats.url, prefix: PREFIX, credsFile: null, tlsCaFile: null, allowUnsigned: true }, { keep: 2 });
    dir = await mkdtemp(path.join(tmpdir(), 'lodging-fetch-'));
  }, 30_000);

  afterAll(async () => {
    await store?.close();
    await nats?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const objects = async () => store.connection.jetstream().views.os(`${PREFIX}-snapshots`);

  it('writes every byte of an object of many chunks (a partial last one), in order, and says their digest', async () => {
    // 128 KiB chunks: 40 of them and 17 bytes more.
    const bytes = randomBytes(40 * 128 * 1024 + 17);
    await (await objects()).putBlob({ name: 'sha256-many-chunks' }, bytes);
    const file = path.join(dir, 'many.sqlite');
    await expect(store.fetch('sha256-many-chunks', file)).resolves.toBe(sha256(bytes));
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  }, 30_000);

  it('fetches an object again after it was replaced (a new chunk subject), and a one-chunk object', async () => {
    const os = await objects();
    await os.putBlob({ name: 'sha256-replaced' }, randomBytes(300_000));
    const second = randomBytes(1000);
    await os.putBlob({ name: 'sha256-replaced' }, second);
    const file = path.join(dir, 'replaced.sqlite');
    await expect(store.fetch('sha256-replaced', file)).resolves.toBe(sha256(second));
    expect(fs.readFileSync(file).equals(second)).toBe(true);
  }, 30_000);

  it('refuses a missing object, and never overwrites a file that is there', async () => {
    await expect(store.fetch('sha256-nothing-here', path.join(dir, 'missing.sqlite'))).rejects.toThrow(/object sha256-nothing-here is missing from .*-snapshots/);
    const existing = path.join(dir, 'existing.sqlite');
    fs.writeFileSync(existing, 'keep');
    await (await objects()).putBlob({ name: 'sha256-small' }, randomBytes(10));
    await expect(store.fetch('sha256-small', existing)).rejects.toThrow(/EEXIST/);
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep');
  }, 30_000);

  it('expands a brotli-encoded object as it arrives, says the digest of the expanded bytes, and refuses one that does not expand, leaving no file behind it to serve', async () => {
    const bytes = Buffer.concat([randomBytes(600_000), Buffer.alloc(2_000_000, 'lodging ')]);
    const os = await objects();
    await os.putBlob({ name: 'sha256-encoded.br' }, brotliCompressSync(bytes));
    const file = path.join(dir, 'encoded.sqlite');
    await expect(store.fetch('sha256-encoded.br', file, 'br')).resolves.toBe(sha256(bytes));
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    // Text, not random bytes: a few random buffers in a hundred read as a valid, empty brotli stream.
    await os.putBlob({ name: 'sha256-not-brotli.br' }, Buffer.from('these bytes are no brotli stream '.repeat(1000)));
    await expect(store.fetch('sha256-not-brotli.br', path.join(dir, 'not-brotli.sqlite'), 'br')).rejects.toThrow(/does not expand as brotli/);
  }, 30_000);
});
