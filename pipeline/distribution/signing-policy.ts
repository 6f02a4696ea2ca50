// Who may write pointer records and which records a replica follows: the signing key of a publisher, the public keys of a replica, or unsigned (development).
import type { NatsStoreConfig } from '../../platform/environment.ts';
import { ConfigError } from '../../platform/environment.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { loadSigningKey, loadVerifyKeys, type SigningKey, type VerifyKey } from './pointer-signature.ts';

/** How this machine writes pointer records: signed with its key, unsigned (LODGING_SNAPSHOT_UNSIGNED=allow), or not at all. */
export type RecordPublisher = { kind: 'signed'; key: SigningKey } | { kind: 'unsigned' } | { kind: 'refused' };

/** What a replica follows: records signed by one of these keys for this prefix, or (development only) any record. */
export type ReplicaTrust = { kind: 'verify'; keys: VerifyKey[]; prefix: string } | { kind: 'unsigned' };

/** A pointer move refused for want of a good signature: the console and the CLI say why in one line, nothing moved. */
export class SigningRefusal extends AppError {
  constructor(message: string, code: string) {
    super(message, { code, status: 409 });
    this.name = 'SigningRefusal';
  }
}

/** A machine without the signing key asked to move a pointer. */
export class NoSigningKeyError extends SigningRefusal {
  constructor() {
    super('this machine holds no snapshot signing key (LODGING_SNAPSHOT_SIGNING_KEY): publish and roll back on the publisher', 'no-signing-key');
    this.name = 'NoSigningKeyError';
  }
}

/** Reads the private key only when LODGING_SNAPSHOT_SIGNING_KEY names one; a key that cannot be read is a configuration error. */
export function publisherOf(config: NatsStoreConfig): RecordPublisher {
  if (config.signingKeyFile) {
    try {
      return { kind: 'signed', key: loadSigningKey(config.signingKeyFile) };
    } catch (error) {
      throw new ConfigError(`LODGING_SNAPSHOT_SIGNING_KEY: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return config.allowUnsigned ? { kind: 'unsigned' } : { kind: 'refused' };
}

/** A replica of a NATS store refuses to start without a verify key, unless unsigned records are allowed (never in production). */
export function replicaTrustOf(config: NatsStoreConfig): ReplicaTrust {
  const files = config.verifyKeyFiles ?? [];
  if (files.length > 0) {
    try {
      return { kind: 'verify', keys: loadVerifyKeys(files), prefix: config.prefix };
    } catch (error) {
      throw new ConfigError(`LODGING_SNAPSHOT_VERIFY_KEY: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (config.allowUnsigned) return { kind: 'unsigned' };
  throw new ConfigError(
    'LODGING_SNAPSHOT_STORE is set but LODGING_SNAPSHOT_VERIFY_KEY is not: a replica follows only signed pointer records (set the publisher\'s public key, or LODGING_SNAPSHOT_UNSIGNED=allow outside production)',
  );
}
