// Which new passwords are refused: too short or long, common or breached, made of the account's e-mail or the product name, or guessable by the strength estimator.
import { readFileSync } from 'node:fs';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { projectFile } from '../../platform/project-files.ts';
import { passwordProblem } from './passwords.ts';

const COMMON = new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));
const PRODUCT_NAME = 'lodging';

/** The estimator's score a new password must reach (0–4: 3 means more than about 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;
/**
 * The estimator reads at most this many characters: its cost grows quickly with length (a 256-character password
 * took over a second, on the event loop), and a password whose first 64 characters are guessable is refused anyway.
 */
const ESTIMATED_LENGTH = 64;
/** zxcvbn's lower bound of guesses for a score of 3. */
const SCORE_3_GUESSES = 1e8 + 5;

const SERVICE_WORDS = readFileSync(projectFile('data/passwords/service-words.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim().toLowerCase())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** At most 8 l33t substitutions tried per word: beyond that the estimator's time grows past 100 ms, not its judgement. */
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, l33tMaxSubstitutions: 8 });

/** The letters of a password, lower-cased: "Password1234!" and "Summer2024!!" are "password" and "summer". */
const lettersOf = (password: string) => password.toLowerCase().replace(/[^\p{L}]+/gu, '');

/**
 * The estimator's guesses with a word that recurs counted once: zxcvbn sees "Spain2024Spain" as three parts and
 * multiplies, but a guesser who tries a word tries it twice for nothing.
 */
function guessesWithRepeatsOnce(result: ZxcvbnResult): number {
  const seen = new Set<string>();
  let guesses = result.guesses;
  for (const match of result.sequence) {
    if (match.pattern !== 'dictionary') continue;
    const word = String(match.matchedWord ?? match.token).toLowerCase();
    if (seen.has(word)) guesses /= Math.max(1, match.guesses ?? 1);
    seen.add(word);
  }
  return guesses;
}

/** True when the estimator, told the service's words and the account's e-mail, scores the password at least 3. */
export function strongEnough(password: string, email: string | null): boolean {
  const inputs = email ? [...SERVICE_WORDS, email.toLowerCase(), ...email.toLowerCase().split(/[@.+_-]+/).filter((part) => part.length >= 3)] : SERVICE_WORDS;
  const result = estimator.check([...password].slice(0, ESTIMATED_LENGTH).join(''), inputs);
  return result.score >= MIN_PASSWORD_SCORE && guessesWithRepeatsOnce(result) >= SCORE_3_GUESSES;
}

/** Why the new password is refused, in words for the person typing it, or null when it is acceptable. */
export function newPasswordProblem(password: string, owner: { email: string | null }): string | null {
  const basic = passwordProblem(password);
  if (basic) return basic;
  const lower = password.toLowerCase();
  const letters = lettersOf(password);
  if (COMMON.has(lower) || COMMON.has(letters) || COMMON.has(lower.replace(/[^\p{L}\p{N}]+/gu, ''))) {
    return 'This password is too common (it is on a list of breached passwords); choose another.';
  }
  if (lower.includes(PRODUCT_NAME)) return 'Do not use the name of this service in your password.';
  const email = owner.email?.toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  if (email !== '' && (lower.includes(email) || (local.length >= 3 && lower.includes(local)) || (letters.length > 0 && lettersOf(local) === letters))) {
    return 'Do not use your e-mail address in your password.';
  }
  if (!strongEnough(password, owner.email)) {
    return 'This password is too easy to guess (repeated words, keyboard runs, names and years are tried first); a few unrelated words make a strong one.';
  }
  return null;
}
