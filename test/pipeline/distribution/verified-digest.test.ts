// A snapshot file's remembered digest holds while the file is the same, untouched file; anything else asks for a new check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberDigest, rememberedDigest, verifiedDigestPath } from '../../../pipeline/distribution/verified-digest.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-digest-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const DIGEST = 'ab'.repeat(32);

describe('remembered digests', () => {
  it('gives back what was remembered for the file as it is', () => {
    const file = path.join(dir, 'es-a.sqlite');
    fs.writeFileSync(file, 'snapshot bytes');
    expect(rememberedDigest(file)).toBeNull();
    rememberDigest(file, DIGEST);
    expect(fs.existsSync(verifiedDigestPath(file))).toBe(true);
    expect(rememberedDigest(file)).toBe(DIGEST);
  });

  it('forgets it when the file is touched, rewritten to another size, or replaced by another file', () => {
    const file = path.join(dir, 'es-b.sqlite');
    fs.writeFileSync(file, 'snapshot bytes');
    rememberDigest(file, DIGEST);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(rememberedDigest(file)).toBeNull();

    rememberDigest(file, DIGEST);
    fs.appendFileSync(file, 'more');
    expect(rememberedDigest(file)).toBeNull();

    rememberDigest(file, DIGEST);
    const { atime, mtime } = fs.statSync(file);
    const other = path.join(dir, 'other');
    fs.writeFileSync(other, fs.readFileSync(file));
    fs.utimesSync(other, atime, mtime);
    fs.renameSync(other, file);
    expect(rememberedDigest(file)).toBeNull();
  });

  it('is null for a missing file or an unreadable record, and remembering a missing file writes nothing', () => {
    const file = path.join(dir, 'es-c.sqlite');
    rememberDigest(file, DIGEST);
    expect(fs.existsSync(verifiedDigestPath(file))).toBe(false);
    fs.writeFileSync(file, 'x');
    fs.writeFileSync(verifiedDigestPath(file), '{not json');
    expect(rememberedDigest(file)).toBeNull();
  });
});
