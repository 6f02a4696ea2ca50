// A new snapshot signing key pair on disk: the private key 0600 (PEM PKCS#8), the public key beside it (PEM SPKI), never over existing files.
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../../platform/private-files.ts';
import { keyIdOf } from './pointer-signature.ts';

export interface CreatedKeyPair {
  privateKeyFile: string;
  publicKeyFile: string;
  publicKeyPem: string;
  keyId: string;
}

/** Writes `<dir>/<name>.pem` and `<dir>/<name>.pub`; throws (writing nothing) when either exists. */
export function createSigningKeyPair(dir: string, name = 'snapshot-signing'): CreatedKeyPair {
  const privateKeyFile = path.join(dir, `${name}.pem`);
  const publicKeyFile = path.join(dir, `${name}.pub`);
  for (const file of [privateKeyFile, publicKeyFile]) if (fs.existsSync(file)) throw new Error(`${file} exists already; a key is never overwritten`);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  fs.mkdirSync(dir, { recursive: true });
  // 'wx': created here, never through an existing file or link; the mode is set at creation, before any byte is written.
  fs.writeFileSync(privateKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  fs.chmodSync(privateKeyFile, PRIVATE_FILE_MODE); // whatever the umask
  fs.writeFileSync(publicKeyFile, publicKeyPem, { flag: 'wx' });
  return { privateKeyFile, publicKeyFile, publicKeyPem, keyId: keyIdOf(publicKey) };
}
