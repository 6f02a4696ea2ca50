// The one list of closers: newest first, each once, every closer run even when one fails, the first failure thrown.
import { describe, expect, it } from 'vitest';
import { createClosers } from '../../../api/server/closers.ts';

describe('createClosers', () => {
  it('closes newest first, and only once', async () => {
    const closed: string[] = [];
    const closers = createClosers();
    closers.add(() => void closed.push('reader'));
    closers.add(async () => void closed.push('redis'));
    closers.add(() => void closed.push('usage'));
    await closers.closeAll();
    await closers.closeAll();
    expect(closed).toEqual(['usage', 'redis', 'reader']);
  });

  it('runs every closer when one fails, then throws the first failure', async () => {
    const closed: string[] = [];
    const closers = createClosers();
    closers.add(() => void closed.push('first'));
    closers.add(() => {
      throw new Error('redis gone');
    });
    closers.add(async () => Promise.reject(new Error('store gone')));
    await expect(closers.closeAll()).rejects.toThrow('store gone');
    expect(closed).toEqual(['first']);
  });
});
