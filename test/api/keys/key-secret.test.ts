// Key secret format: a CRC32 checksum an offline scanner can verify; the first format (no checksum) still accepted.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateKeySecret, hasValidChecksum, looksLikeKeySecret, secretChecksum } from '../../../api/keys/key-secret.ts';

describe('key secrets', () => {
  it('are lds_live_ + 40 base62 characters + a 6-character checksum of them', () => {
    const secret = generateKeySecret();
    expect(secret).toMatch(/^lds_live_[0-9A-Za-z]{46}$/);
    expect(secret.slice(-6)).toBe(secretChecksum(secret.slice(9, 49)));
    expect(hasValidChecksum(secret)).toBe(true);
    expect(looksLikeKeySecret(secret)).toBe(true);
  });

  it('a single changed character fails the checksum, so a typo never reaches the store', () => {
    const secret = generateKeySecret();
    const i = 20;
    const typo = secret.slice(0, i) + (secret[i] === 'a' ? 'b' : 'a') + secret.slice(i + 1);
    expect(hasValidChecksum(typo)).toBe(false);
    expect(looksLikeKeySecret(typo)).toBe(false);
  });

  it('checksums a known value the same way every time (a scanner can reimplement it)', () => {
    expect(secretChecksum('0000000000000000000000000000000000000000')).toBe(secretChecksum('0000000000000000000000000000000000000000'));
    expect(secretChecksum('a'.repeat(40))).toMatch(/^[0-9A-Za-z]{6}$/);
  });

  it('keeps accepting secrets of the first format (no checksum) so issued keys keep working', () => {
    const legacy = `lds_live_${randomBytes(32).toString('base64url')}`;
    expect(looksLikeKeySecret(legacy)).toBe(true);
    expect(hasValidChecksum(legacy)).toBe(false);
  });

  it('spreads characters evenly (no modulo bias visible in 2,000 secrets)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1) for (const ch of generateKeySecret().slice(9, 49)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const values = [...counts.values()];
    expect(Math.min(...values) / Math.max(...values)).toBeGreaterThan(0.7);
  });
});
