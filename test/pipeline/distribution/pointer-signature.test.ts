// Signed pointer records: a record verifies only with a trusted key, unchanged, for its own prefix and country, and not older than one acted on.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyIdOf, loadSigningKey, loadVerifyKeys, recordProblem, signRecord, type SigningKey, type VerifyKey } from '../../../pipeline/distribution/pointer-signature.ts';
import type { StoredSnapshot } from '../../../pipeline/distribution/stored-snapshot.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lodging-sig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keyPair(name: string): { signing: SigningKey; verify: VerifyKey } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(path.join(dir, `${name}.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(path.join(dir, `${name}.pub`), publicKey.export({ type: 'spki', format: 'pem' }));
  return { signing: loadSigningKey(path.join(dir, `${name}.pem`)), verify: loadVerifyKeys([path.join(dir, `${name}.pub`)])[0]! };
}

const a = keyPair('a');
const b = keyPair('b');
const record: StoredSnapshot = {
  sha256: 'ab'.repeat(32),
  size: 1234,
  encoding: 'br',
  entry: { country: 'es', version: '20261127T100000Z-aaaaaa', file: 'x.sqlite', publishedAt: '2026-11-27T10:00:00.000Z', runId: 'r1', publishedCount: 3, byStatus: null, sources: [], forced: false, by: 'ana', reason: null },
};
const at = { prefix: 'lodging', sequence: 7, signedAt: '2026-11-27T10:00:01.000Z' };
const expectEs = { prefix: 'lodging', country: 'es' };

describe('pointer record signatures', () => {
  it('a record signed by a trusted key verifies, whatever order its fields arrive in', () => {
    const signed = signRecord(record, at, a.signing);
    expect(recordProblem(signed, expectEs, [b.verify, a.verify])).toBeNull();
    const reordered = JSON.parse(JSON.stringify({ signature: signed.signature, size: signed.size, entry: { ...signed.entry }, encoding: 'br', sha256: signed.sha256 }));
    expect(recordProblem(reordered, expectEs, [a.verify])).toBeNull();
  });

  it('refuses an unsigned record and one signed by a key it does not trust', () => {
    expect(recordProblem(record, expectEs, [a.verify])).toMatch(/not signed/);
    expect(recordProblem(signRecord(record, at, b.signing), expectEs, [a.verify])).toMatch(/does not trust/);
  });

  it.each([
    ['digest', (r: any) => ({ ...r, sha256: 'cd'.repeat(32) })],
    ['size', (r: any) => ({ ...r, size: 99 })],
    ['encoding', (r: any) => ({ ...r, encoding: undefined })],
    ['version', (r: any) => ({ ...r, entry: { ...r.entry, version: '20261127T110000Z-bbbbbb' } })],
    ['who', (r: any) => ({ ...r, entry: { ...r.entry, by: 'mallory' } })],
    ['reason', (r: any) => ({ ...r, entry: { ...r.entry, reason: 'forged' } })],
    ['sequence', (r: any) => ({ ...r, signature: { ...r.signature, sequence: 99 } })],
    ['time', (r: any) => ({ ...r, signature: { ...r.signature, signedAt: '2027-01-01T00:00:00.000Z' } })],
    ['prefix', (r: any) => ({ ...r, signature: { ...r.signature, prefix: 'other' } })],
    ['key id', (r: any) => ({ ...r, signature: { ...r.signature, keyId: b.verify.keyId } })],
  ])('refuses a record whose %s changed after signing', (_name, change) => {
    const problem = recordProblem(change(signRecord(record, at, a.signing)), expectEs, [a.verify, b.verify]);
    expect(problem).not.toBeNull();
  });

  const withExports: StoredSnapshot = {
    ...record,
    exports: [
      { kind: 'parquet', sha256: '01'.repeat(32), size: 100 },
      { kind: 'jsonl.gz', sha256: '02'.repeat(32), size: 50 },
      { kind: 'manifest.json', sha256: '03'.repeat(32), size: 9 },
    ],
  };

  it('covers the export files a record lists', () => {
    expect(recordProblem(signRecord(withExports, at, a.signing), expectEs, [a.verify])).toBeNull();
  });

  it.each([
    ['an export digest', (r: any) => ({ ...r, exports: r.exports.map((f: any, i: number) => (i === 0 ? { ...f, sha256: 'ff'.repeat(32) } : f)) })],
    ['an export size', (r: any) => ({ ...r, exports: r.exports.map((f: any, i: number) => (i === 1 ? { ...f, size: 51 } : f)) })],
    ['the export list (one dropped)', (r: any) => ({ ...r, exports: r.exports.slice(1) })],
    ['the export list (all dropped)', (r: any) => ({ ...r, exports: undefined })],
  ])('refuses a record whose %s changed after signing', (_name, change) => {
    expect(recordProblem(change(signRecord(withExports, at, a.signing)), expectEs, [a.verify])).not.toBeNull();
  });

  it('signs a record without export entries over the bytes it always did: records signed before them still verify', () => {
    const signed = signRecord(record, at, a.signing);
    expect(signed).not.toHaveProperty('exports');
    expect(recordProblem({ ...signed, exports: undefined } as StoredSnapshot, expectEs, [a.verify])).toBeNull();
  });

  it('refuses a record signed for another country or another bucket prefix', () => {
    const fr = signRecord({ ...record, entry: { ...record.entry, country: 'fr' } }, at, a.signing);
    expect(recordProblem(fr, expectEs, [a.verify])).toMatch(/country fr/);
    const other = signRecord(record, { ...at, prefix: 'staging' }, a.signing);
    expect(recordProblem(other, expectEs, [a.verify])).toMatch(/prefix staging/);
  });

  it('refuses a record older than the sequence already acted on, and accepts the same or a newer one', () => {
    const signed = signRecord(record, at, a.signing);
    expect(recordProblem(signed, { ...expectEs, notBefore: 8 }, [a.verify])).toMatch(/older/);
    expect(recordProblem(signed, { ...expectEs, notBefore: 7 }, [a.verify])).toBeNull();
  });

  it('reads the keys openssl writes, and a key id is the same from either half of the pair', () => {
    let openssl = true;
    try {
      execFileSync('openssl', ['genpkey', '-algorithm', 'ed25519', '-out', path.join(dir, 'o.pem')]);
      execFileSync('openssl', ['pkey', '-in', path.join(dir, 'o.pem'), '-pubout', '-out', path.join(dir, 'o.pub')]);
    } catch {
      openssl = false;
    }
    if (openssl) {
      const key = loadSigningKey(path.join(dir, 'o.pem'));
      const [pub] = loadVerifyKeys([path.join(dir, 'o.pub')]);
      expect(pub!.keyId).toBe(key.keyId);
      expect(recordProblem(signRecord(record, at, key), expectEs, [pub!])).toBeNull();
    }
    expect(keyIdOf(a.signing.privateKey)).toBe(a.verify.keyId);
    expect(a.verify.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(() => loadSigningKey(path.join(dir, 'a.pub'))).toThrow();
    expect(() => loadVerifyKeys([path.join(dir, 'a.pem')])).toThrow(/private key/);
  });
});
