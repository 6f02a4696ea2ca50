// `lodging snapshot-keys create|show|resign`: the Ed25519 key pair that signs shared pointer records, and re-signing them.
import { parseArgs } from 'node:util';
import { createPublicKey } from 'node:crypto';
import { createSigningKeyPair, keyIdOf, loadSigningKey, loadVerifyKeys, resignSnapshotRecords } from '../distribution/open-snapshot-store.ts';
import { ConfigError, parseConfig } from '../../platform/environment.ts';
import { CommandFailure, UsageError, type CliIo } from '../../platform/cli-io.ts';
import path from 'node:path';

/** A key file that cannot be written or read: one line, exit 1. */
function failing<T>(act: () => T, what = ''): T {
  try {
    return act();
  } catch (error) {
    throw new CommandFailure(`${what}${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export const SNAPSHOT_KEYS_USAGE = `usage: lodging snapshot-keys create [--out DIR] | show | resign
  The key pair that signs the shared pointer records (LODGING_SNAPSHOT_STORE; see docs/deployment.md).
  create [--out DIR]   writes DIR/snapshot-signing.pem (the private key, mode 0600: the publisher's
                       LODGING_SNAPSHOT_SIGNING_KEY) and DIR/snapshot-signing.pub (every replica's
                       LODGING_SNAPSHOT_VERIFY_KEY); DIR defaults to the current directory; never overwrites
  show                 prints the public key of LODGING_SNAPSHOT_SIGNING_KEY and its id, and the ids of
                       LODGING_SNAPSHOT_VERIFY_KEY
  resign               signs every country's current and kept records anew with LODGING_SNAPSHOT_SIGNING_KEY
                       (after turning signing on, or after switching the publisher to a new key)
  Exit status: 0 done; 1 a record was left unsigned (listed), or no key; 2 a usage error.`;

export async function runSnapshotKeysCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' } } });
  const [verb, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`unexpected ${rest.join(' ')}`);
  if (verb !== 'create' && values.out !== undefined) throw new UsageError('--out goes with create');
  if (verb === 'create') {
    const pair = failing(() => createSigningKeyPair(path.resolve(values.out ?? '.')));
    io.stdout(`private key ${pair.privateKeyFile} (0600: the publisher's LODGING_SNAPSHOT_SIGNING_KEY only)\npublic key ${pair.publicKeyFile} (every replica's LODGING_SNAPSHOT_VERIFY_KEY)\nkey id ${pair.keyId}\n${pair.publicKeyPem}`);
    return 0;
  }
  const config = parseConfig(io.env);
  if (verb === 'show') {
    const file = config.snapshotStore?.signingKeyFile;
    const verify = config.snapshotStore?.verifyKeyFiles ?? [];
    if (!file && verify.length === 0) throw new ConfigError('neither LODGING_SNAPSHOT_SIGNING_KEY nor LODGING_SNAPSHOT_VERIFY_KEY is set (with LODGING_SNAPSHOT_STORE)');
    if (file) {
      const key = failing(() => loadSigningKey(file), 'LODGING_SNAPSHOT_SIGNING_KEY: ');
      io.stdout(`signing key id ${key.keyId}\n${createPublicKey(key.privateKey).export({ type: 'spki', format: 'pem' }).toString()}`);
    }
    for (const [i, key] of failing(() => loadVerifyKeys(verify), 'LODGING_SNAPSHOT_VERIFY_KEY: ').entries()) io.stdout(`verify key ${keyIdOf(key.publicKey)}  ${verify[i]}\n`);
    return 0;
  }
  if (verb === 'resign') {
    const outcomes = await resignSnapshotRecords(config);
    let refused = 0;
    for (const { country, resigned, refused: left } of outcomes) {
      if (resigned.length > 0) io.stdout(`${country}: re-signed ${resigned.join(', ')}\n`);
      for (const { version, problem } of left) io.stdout(`${country}: LEFT AS IT WAS ${version}: ${problem}\n`);
      refused += left.length;
    }
    if (outcomes.every((o) => o.resigned.length === 0 && o.refused.length === 0)) io.stdout('no pointer record to sign\n');
    return refused > 0 ? 1 : 0;
  }
  throw new UsageError(verb === undefined ? 'say create, show or resign' : `unknown action ${verb}: say create, show or resign`);
}
