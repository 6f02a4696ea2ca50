// The NATS connection settings: credentials out of the URLs and never in what is logged; the variables parsed once.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../platform/environment.ts';
import { natsConnectionOptions, redactNatsServers } from '../../platform/nats-connection.ts';

describe('NATS connection settings', () => {
  it('hides user and password in what may be logged', () => {
    expect(redactNatsServers('nats://ops:s3cret@n1:4222,nats://n2:4222')).toBe('nats://***@n1:4222,nats://n2:4222');
  });

  it('gives the client the credentials apart and the servers without them', async () => {
    const options = await natsConnectionOptions({ servers: 'nats://ops:s3cret@n1:4222, nats://n2:4222', prefix: 'lodging', credsFile: null, tlsCaFile: null }, 'test');
    expect(options.servers).toEqual(['nats://n1:4222', 'nats://n2:4222']);
    expect(options).toMatchObject({ user: 'ops', pass: 's3cret' });
  });

  it('leaves the store local when LODGING_SNAPSHOT_STORE is unset, and checks it when set', () => {
    expect(parseConfig({}).snapshotStore).toBeNull();
    expect(parseConfig({ LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:4222', LODGING_NATS_PREFIX: 'staging' }).snapshotStore).toMatchObject({ servers: 'nats://127.0.0.1:4222', prefix: 'staging' });
    expect(() => parseConfig({ LODGING_SNAPSHOT_STORE: 'http://x' })).toThrow(/LODGING_SNAPSHOT_STORE/);
    expect(() => parseConfig({ LODGING_NATS_PREFIX: 'a.b' })).toThrow(/LODGING_NATS_PREFIX/);
  });

  it('reads how long a publish waits for the replicas to fetch it (LODGING_NATS_STAGE_WAIT_S), 0 meaning not at all', () => {
    expect(parseConfig({ LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:4222' }).snapshotStore?.stageWaitMs).toBeUndefined();
    expect(parseConfig({ LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:4222', LODGING_NATS_STAGE_WAIT_S: '90' }).snapshotStore?.stageWaitMs).toBe(90_000);
    expect(parseConfig({ LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:4222', LODGING_NATS_STAGE_WAIT_S: '0' }).snapshotStore?.stageWaitMs).toBe(0);
    expect(() => parseConfig({ LODGING_NATS_STAGE_WAIT_S: '-1' })).toThrow(/LODGING_NATS_STAGE_WAIT_S/);
    expect(() => parseConfig({ LODGING_NATS_STAGE_WAIT_S: '3601' })).toThrow(/LODGING_NATS_STAGE_WAIT_S/);
  });

  it('reads the snapshot signing variables, and refuses unsigned pointers under NODE_ENV=production', () => {
    const store = parseConfig({ LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:4222', LODGING_SNAPSHOT_SIGNING_KEY: 'keys/a.pem', LODGING_SNAPSHOT_VERIFY_KEY: 'keys/a.pub, keys/b.pub' }, '/srv').snapshotStore;
    expect(store).toMatchObject({ signingKeyFile: '/srv/keys/a.pem', verifyKeyFiles: ['/srv/keys/a.pub', '/srv/keys/b.pub'], allowUnsigned: false });
    expect(parseConfig({ LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:4222', LODGING_SNAPSHOT_UNSIGNED: 'allow' }).snapshotStore?.allowUnsigned).toBe(true);
    expect(() => parseConfig({ LODGING_SNAPSHOT_UNSIGNED: 'yes' })).toThrow(/LODGING_SNAPSHOT_UNSIGNED/);
    expect(() => parseConfig({ LODGING_SNAPSHOT_UNSIGNED: 'allow', NODE_ENV: 'production' })).toThrow(/LODGING_SNAPSHOT_UNSIGNED: allow is refused under NODE_ENV=production/);
  });
});
