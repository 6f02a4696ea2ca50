// The failures of the account and key use cases, worded for the person who caused them (console page or CLI line).

export class AccountInputError extends Error {
  readonly code = 'account-input';
  constructor(message: string) {
    super(message);
    this.name = 'AccountInputError';
  }
}

export class UnknownAccountError extends Error {
  readonly code = 'unknown-account';
  constructor(reference: string) {
    super(`no account ${reference.length > 100 ? `${reference.slice(0, 100)}…` : reference}`);
    this.name = 'UnknownAccountError';
  }
}

export class AccountDisabledError extends Error {
  readonly code = 'account-disabled';
  constructor(id: string) {
    super(`account ${id} is disabled`);
    this.name = 'AccountDisabledError';
  }
}

/** A key id that is unknown or belongs to another account: the same answer, so ids of others cannot be probed. */
export class KeyNotFoundError extends Error {
  readonly code = 'key-not-found';
  constructor() {
    super('no such key');
    this.name = 'KeyNotFoundError';
  }
}

export class KeyNotActiveError extends Error {
  readonly code = 'key-not-active';
  constructor() {
    super('this key is revoked or expired');
    this.name = 'KeyNotActiveError';
  }
}

/** More keys created (or rolled) in the last hour than KEYS_CREATED_PER_HOUR allows. */
export class TooManyKeysCreatedError extends Error {
  readonly code = 'too-many-keys-created';
  constructor(readonly retryAfterS: number) {
    super(`too many keys created in the last hour; try again in ${Math.ceil(retryAfterS / 60)} minutes`);
    this.name = 'TooManyKeysCreatedError';
  }
}
