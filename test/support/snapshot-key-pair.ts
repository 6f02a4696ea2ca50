// A snapshot signing key pair as `lodging snapshot-keys create` writes one: `<name>.pem` (PKCS#8, 0600) and `<name>.pub` (SPKI), for the signed NATS suites.
import { generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes a new Ed25519 pair into `dir`; returns the paths for LODGING_SNAPSHOT_SIGNING_KEY and LODGING_SNAPSHOT_VERIFY_KEY. */
export async function writeSnapshotKeyPair(dir: string, name = 'signing'): Promise<{ signingKey: string; verifyKey: string }> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signingKey = path.join(dir, `${name}.pem`);
  const verifyKey = path.join(dir, `${name}.pub`);
  await writeFile(signingKey, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  await writeFile(verifyKey, publicKey.export({ type: 'spki', format: 'pem' }));
  return { signingKey, verifyKey };
}
