// Which new passwords are refused: too short or long, common or breached (49,000-word maintained list), or made of the account's own e-mail or the product name.
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem } from './passwords.ts';

const COMMON = new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));
const PRODUCT_NAME = 'lodging';

/** The letters of a password, lower-cased: "Password1234!" and "Summer2024!!" are "password" and "summer". */
const lettersOf = (password: string) => password.toLowerCase().replace(/[^\p{L}]+/gu, '');

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
  return null;
}
