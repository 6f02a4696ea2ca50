// Passwords: node:crypto scrypt (N = 2^17, r = 8, p = 1, OWASP's figures) in a PHC string, every hash in the bounded hashing queue; length and common-password rules.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { projectFile } from '../../platform/project-files.ts';
import { HashingQueueFullError, passwordHashing, type HashingPriority, type HashingQueue } from './hashing-queue.ts';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
/** 128 · N · r = 128 MiB per hash: above Node's 32 MiB default maxmem, hence the explicit bound. */
const COST = { logN: 17, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Where a hash waits for its turn: the process's queue by default; a sign-in from a known browser goes first. */
export interface HashingTurn {
  priority?: HashingPriority;
  queue?: HashingQueue;
}

/** Throws HashingQueueFullError at once when the queue is full. */
function derive(password: string, salt: Buffer, logN: number, r: number, p: number, bytes: number, turn: HashingTurn): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 2 * 128 * 2 ** logN * r };
  // Off the event loop: node runs scrypt on its thread pool.
  return (turn.queue ?? passwordHashing).run(turn.priority ?? 'other', () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFC'), salt, bytes, options, (error, key) => (error ? reject(error) : resolve(key))),
    ),
  );
}

const b64 = (buffer: Buffer): string => buffer.toString('base64').replace(/=+$/, '');

const COMMON = new Set(
  readFileSync(projectFile('data/passwords/common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** Why the password is refused, in words for the person typing it, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (COMMON.has(password.toLowerCase())) return 'This password is too common; choose another.';
  if (new Set(password).size < 4) return 'This password repeats too few characters; choose another.';
  return null;
}

export async function hashPassword(password: string, turn: HashingTurn = {}): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST.logN, COST.r, COST.p, KEY_BYTES, turn);
  return `$scrypt$ln=${COST.logN},r=${COST.r},p=${COST.p}$${b64(salt)}$${b64(key)}`;
}

/** False for a wrong password or an unreadable hash; HashingQueueFullError when the queue refuses the check. */
export async function verifyPassword(hash: string, password: string, turn: HashingTurn = {}): Promise<boolean> {
  const match = PHC.exec(hash);
  if (!match) return false;
  const [, logN, r, p, salt, expected] = match;
  const want = Buffer.from(expected!, 'base64');
  if (Number(logN) > 20 || want.length < 16) return false;
  let got: Buffer;
  try {
    got = await derive(password, Buffer.from(salt!, 'base64'), Number(logN), Number(r), Number(p), want.length, turn);
  } catch (error) {
    if (error instanceof HashingQueueFullError) throw error;
    return false;
  }
  return got.length === want.length && timingSafeEqual(got, want);
}

/** A hash of this cost that no password matches (its key is random), computed by nobody: checking against it costs a real check. */
const NOTHING = `$scrypt$ln=${COST.logN},r=${COST.r},p=${COST.p}$${b64(randomBytes(SALT_BYTES))}$${b64(randomBytes(KEY_BYTES))}`;

/** Spends the time of a real verification (in the same queue), so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string, turn: HashingTurn = {}): Promise<false> {
  await verifyPassword(NOTHING, password, turn);
  return false;
}
