// The failures of the account and key use cases, worded for the person who caused them (console page or CLI line).
import { AppError } from '../../platform/errors/app-error.ts';

export class AccountInputError extends AppError {
  declare readonly code: 'account-input';
  constructor(message: string) {
    super(message, { code: 'account-input', status: 400 });
    this.name = 'AccountInputError';
  }
}

export class UnknownAccountError extends AppError {
  declare readonly code: 'unknown-account';
  constructor(reference: string) {
    super(`no account ${reference.length > 100 ? `${reference.slice(0, 100)}…` : reference}`, { code: 'unknown-account', status: 404 });
    this.name = 'UnknownAccountError';
  }
}

export class AccountDisabledError extends AppError {
  declare readonly code: 'account-disabled';
  constructor(id: string) {
    super(`account ${id} is disabled`, { code: 'account-disabled', status: 403 });
    this.name = 'AccountDisabledError';
  }
}

/** A key id that is unknown or belongs to another account: the same answer, so ids of others cannot be probed. */
export class KeyNotFoundError extends AppError {
  declare readonly code: 'key-not-found';
  constructor() {
    super('no such key', { code: 'key-not-found', status: 404 });
    this.name = 'KeyNotFoundError';
  }
}

export class KeyNotActiveError extends AppError {
  declare readonly code: 'key-not-active';
  constructor() {
    super('this key is revoked or expired', { code: 'key-not-active', status: 409 });
    this.name = 'KeyNotActiveError';
  }
}

/** A key that was rolled once already: rolling it again would give one key two successors with the same name. */
export class KeyAlreadyRolledError extends AppError {
  declare readonly code: 'key-already-rolled';
  constructor(readonly successorId: string) {
    super(`this key was already rolled (replaced by ${successorId}): roll its replacement instead`, { code: 'key-already-rolled', status: 409 });
    this.name = 'KeyAlreadyRolledError';
  }
}

/** More keys created (or rolled) in the last hour than KEYS_CREATED_PER_HOUR allows. */
export class TooManyKeysCreatedError extends AppError {
  declare readonly code: 'too-many-keys-created';
  constructor(readonly retryAfterS: number) {
    super(`too many keys created in the last hour; try again in ${Math.ceil(retryAfterS / 60)} minutes`, { code: 'too-many-keys-created', status: 429 });
    this.name = 'TooManyKeysCreatedError';
  }
}
