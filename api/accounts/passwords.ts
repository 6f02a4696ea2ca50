// Passwords: argon2id (m = 19 MiB, t = 2, p = 1, OWASP's figures) via the `argon2` package; length and common-password rules.
import { readFileSync } from 'node:fs';
import argon2 from 'argon2';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON = new Set(
  readFileSync(new URL('../../data/passwords/common-passwords.txt', import.meta.url), 'utf8')
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

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the time of a real verification, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not a real password: timing equaliser');
  await verifyPassword(await dummy, password);
  return false;
}
