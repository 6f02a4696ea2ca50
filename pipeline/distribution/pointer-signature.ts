// Signed pointer and stage records: their canonical bytes, Ed25519 signatures over them, key ids, and the PEM keys they are made with.
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { RecordSignature, StoredSnapshot } from './stored-snapshot.ts';

export type { RecordSignature } from './stored-snapshot.ts';

export type SignedRecord = StoredSnapshot & { signature?: RecordSignature };

/** Marks the bytes as a pointer record of this product, version 1: a signature over anything else never verifies as one. */
const DOMAIN = 'lodging-directory pointer record v1';

/** JSON with every object's keys sorted, so the same record always gives the same bytes. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The signed bytes: the signature's own fields (prefix, country, sequence, time, key id) and every field of the record
 * (version, digest, encoding, size, who, reason and the rest of the catalog entry, and the export files' digests and sizes).
 */
export function canonicalRecordBytes(record: StoredSnapshot, signature: Omit<RecordSignature, 'value'>): Buffer {
  const { entry, sha256, size, encoding, exports } = record;
  const { prefix, country, sequence, signedAt, keyId } = signature;
  // Export entries are covered when the record lists them; a record without them signs the bytes it always did.
  const covered = { entry, sha256, size, encoding: encoding ?? null, ...(exports === undefined ? {} : { exports }) };
  return Buffer.from(`${DOMAIN}\n${canonicalJson({ prefix, country, sequence, signedAt, keyId, record: covered })}`, 'utf8');
}

/** A public key's id: the first 16 hex digits of the SHA-256 of its SPKI DER bytes. */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface VerifyKey {
  keyId: string;
  publicKey: KeyObject;
}

/** A record's signed copy: the record without any earlier signature, signed anew. */
export function signRecord(record: StoredSnapshot, at: { prefix: string; sequence: number; signedAt: string }, key: SigningKey): SignedRecord {
  const { entry, sha256, size, encoding, exports } = record;
  const plain: StoredSnapshot = { entry, sha256, size, ...(encoding === undefined ? {} : { encoding }), ...(exports === undefined ? {} : { exports }) };
  const fields = { prefix: at.prefix, country: entry.country, sequence: at.sequence, signedAt: at.signedAt, keyId: key.keyId };
  const value = sign(null, canonicalRecordBytes(plain, fields), key.privateKey).toString('base64');
  return { ...plain, signature: { ...fields, value } };
}

/** Why a record must not be acted on, or null when it verifies for this prefix and country and is not older than `notBefore`. */
export function recordProblem(record: SignedRecord, expect: { prefix: string; country: string; notBefore?: number }, keys: readonly VerifyKey[]): string | null {
  const signature = record.signature;
  if (!signature || typeof signature !== 'object') return 'the record is not signed';
  const { prefix, country, sequence, signedAt, keyId, value } = signature;
  if (typeof prefix !== 'string' || typeof country !== 'string' || !Number.isSafeInteger(sequence) || typeof signedAt !== 'string' || typeof keyId !== 'string' || typeof value !== 'string') {
    return 'the record has a damaged signature';
  }
  const key = keys.find((k) => k.keyId === keyId);
  if (!key) return `the record is signed by key ${keyId.slice(0, 16)}, which this machine does not trust`;
  if (!verify(null, canonicalRecordBytes(record, { prefix, country, sequence, signedAt, keyId }), key.publicKey, Buffer.from(value, 'base64'))) {
    return 'the record differs from what its signature covers';
  }
  if (prefix !== expect.prefix) return `the record is signed for bucket prefix ${prefix}, not ${expect.prefix}`;
  if (country !== expect.country || record.entry?.country !== expect.country) return `the record is signed for country ${country}, not ${expect.country}`;
  if (expect.notBefore !== undefined && sequence < expect.notBefore) return `the record's sequence ${sequence} is older than ${expect.notBefore}, already acted on`;
  return null;
}

/** An Ed25519 private key from a PEM PKCS#8 file (what `openssl genpkey -algorithm ed25519` writes). */
export function loadSigningKey(file: string): SigningKey {
  const privateKey = createPrivateKey(fs.readFileSync(file));
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${file} is not an Ed25519 private key`);
  return { keyId: keyIdOf(privateKey), privateKey, publicKey: createPublicKey(privateKey) };
}

/** Ed25519 public keys from PEM SPKI files (what `openssl pkey -pubout` writes). */
export function loadVerifyKeys(files: readonly string[]): VerifyKey[] {
  return files.map((file) => {
    const pem = fs.readFileSync(file, 'utf8');
    // A replica holds public keys only: a private key here would let it sign.
    if (pem.includes('PRIVATE KEY')) throw new Error(`${file} holds a private key; a verify key is the public half only (openssl pkey -pubout)`);
    const publicKey = createPublicKey(pem);
    if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error(`${file} is not an Ed25519 public key`);
    return { keyId: keyIdOf(publicKey), publicKey };
  });
}
