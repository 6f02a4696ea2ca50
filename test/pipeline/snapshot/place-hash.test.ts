// A served place's change hash: 96 bits of the JSON's SHA-256, the same for the same text.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { placeContentHash } from '../../../pipeline/snapshot/place-hash.ts';

describe('placeContentHash', () => {
  it("is the first 16 base64url characters of the text's SHA-256", () => {
    const json = '{"id":"es-1","name":"Hotel Sol"}';
    expect(placeContentHash(json)).toBe(createHash('sha256').update(json).digest('base64url').slice(0, 16));
    expect(placeContentHash(json)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(placeContentHash(`${json} `)).not.toBe(placeContentHash(json));
  });
});
