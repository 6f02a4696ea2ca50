// The queue's Redis keys derive from LODGING_REDIS_PREFIX: two deployments with their own prefixes never share a queue.
import { describe, expect, it } from 'vitest';
import { IMPORT_QUEUE_NAME, queuePrefixOf, runKeys } from '../../../pipeline/jobs/queue-names.ts';

describe('queuePrefixOf', () => {
  it.each([
    ['lodging:', 'lodging'],
    ['secreview:', 'secreview'],
    ['acme::', 'acme'],
    ['tenant.a', 'tenant.a'],
  ])('%s gives BullMQ the prefix %s', (redisPrefix, queuePrefix) => {
    expect(queuePrefixOf(redisPrefix)).toBe(queuePrefix);
  });

  it('keeps the default deployment\'s keys where they were, and puts another prefix\'s run keys under it', () => {
    expect(`${queuePrefixOf('lodging:')}:${IMPORT_QUEUE_NAME}:meta`).toBe('lodging:lodging-import:meta');
    expect(runKeys(queuePrefixOf('secreview:'), 'r1').results.startsWith('secreview:lodging-import:')).toBe(true);
  });
});
