// The transforms a download's bytes pass through: the digest of exactly what passes, and a bound that fails before passing a chunk beyond it.
import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { byteLimit, digesting, PastByteLimitError } from '../../../pipeline/distribution/download-transforms.ts';

/** Runs the chunks through the transform; what came out, and the error if it failed. */
async function through(chunks: Buffer[], transform: ReturnType<typeof byteLimit>): Promise<{ out: Buffer; error: unknown }> {
  const out: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk);
      done();
    },
  });
  const error = await pipeline(Readable.from(chunks), transform, sink).then(
    () => null,
    (e: unknown) => e,
  );
  return { out: Buffer.concat(out), error };
}

describe('digesting', () => {
  it('passes the bytes unchanged and hashes exactly them', async () => {
    const chunks = [Buffer.from('first '), Buffer.alloc(0), Buffer.from('second and last')];
    const hash = createHash('sha256');
    const { out, error } = await through(chunks, digesting(hash));
    expect(error).toBeNull();
    expect(out.toString()).toBe('first second and last');
    expect(hash.digest('hex')).toBe(createHash('sha256').update('first second and last').digest('hex'));
  });
});

describe('byteLimit', () => {
  it('passes bytes up to the limit, the limit itself included', async () => {
    const { out, error } = await through([Buffer.alloc(6, 1), Buffer.alloc(4, 2)], byteLimit(10));
    expect(error).toBeNull();
    expect(out.length).toBe(10);
  });

  it('fails at the chunk that would pass the limit, without passing it on', async () => {
    const { out, error } = await through([Buffer.alloc(6, 1), Buffer.alloc(5, 2), Buffer.alloc(1, 3)], byteLimit(10));
    expect(error).toBeInstanceOf(PastByteLimitError);
    expect((error as PastByteLimitError).limit).toBe(10);
    expect(out.length).toBe(6);
  });
});
