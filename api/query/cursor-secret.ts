// The server secret that signs cursors: created once in <dataDir>/secrets/cursor-secret (0600), shared by replicas on the same data dir.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function cursorSecretPath(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'cursor-secret');
}

/** Reads the secret, creating it on first start; link() is atomic, so two processes starting together agree on one. */
export function loadOrCreateCursorSecret(dataDir: string): Buffer {
  const file = cursorSecretPath(dataDir);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 bytes; delete it to have a new one made`);
  return secret;
}
