// `lodging snapshot-keys create|show`: a key pair whose private half only its owner reads, never written over, and its id shown from either half.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSnapshotKeysCommand } from '../../../pipeline/cli/snapshot-keys-command.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lodging-keys-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const out: string[] = [];
  const code = await runSnapshotKeysCommand(argv, { stdout: (t) => out.push(t), stderr: (t) => out.push(t), env });
  return { code, text: out.join('') };
};

describe('lodging snapshot-keys', () => {
  it('creates a key pair (private key 0600), prints the public key and its id, and never overwrites it', async () => {
    const created = await run(['create', '--out', dir]);
    expect(created.code).toBe(0);
    const id = /key id ([0-9a-f]{16})/.exec(created.text)?.[1];
    expect(id).toBeDefined();
    expect(created.text).toContain('-----BEGIN PUBLIC KEY-----');
    expect(created.text).not.toContain('PRIVATE KEY');
    expect(statSync(path.join(dir, 'snapshot-signing.pem')).mode & 0o777).toBe(0o600);
    await expect(run(['create', '--out', dir])).rejects.toThrow(/exists already/);

    const env = { LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:4222', LODGING_SNAPSHOT_SIGNING_KEY: path.join(dir, 'snapshot-signing.pem'), LODGING_SNAPSHOT_VERIFY_KEY: path.join(dir, 'snapshot-signing.pub') };
    const shown = await run(['show'], env);
    expect(shown.text).toContain(`signing key id ${id}`);
    expect(shown.text).toContain(`verify key ${id}`);
    expect(shown.text).not.toContain('PRIVATE KEY');
  });

  it('refuses a private key given as a verify key, and an unknown action', async () => {
    await expect(run(['show'], { LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:4222', LODGING_SNAPSHOT_VERIFY_KEY: path.join(dir, 'snapshot-signing.pem') })).rejects.toThrow(/private key/);
    await expect(run(['rotate'])).rejects.toThrow(/unknown action rotate/);
  });
});
