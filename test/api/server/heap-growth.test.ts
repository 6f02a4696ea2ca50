// A serving process bounds V8's old-generation growth with one flag, set before the server opens.
import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', async (importOriginal) => ({ ...(await importOriginal<typeof import('node:v8')>()), setFlagsFromString }));

const { boundServerHeapGrowth, SERVER_HEAP_FLAG } = await import('../../../api/server/heap-growth.ts');
const { SERVER_HEAP_GROWING_PERCENT } = await import('../../../model/limits.ts');

afterEach(() => setFlagsFromString.mockClear());

describe('boundServerHeapGrowth', () => {
  it('sets --heap-growing-percent from the limits', () => {
    boundServerHeapGrowth();
    expect(setFlagsFromString).toHaveBeenCalledExactlyOnceWith(`--heap-growing-percent=${SERVER_HEAP_GROWING_PERCENT}`);
    expect(SERVER_HEAP_FLAG).toBe(`--heap-growing-percent=${SERVER_HEAP_GROWING_PERCENT}`);
  });

  it('bounds the growth to less than V8 allows on its own (up to 4×)', () => {
    expect(SERVER_HEAP_GROWING_PERCENT).toBeGreaterThan(0);
    expect(SERVER_HEAP_GROWING_PERCENT).toBeLessThan(300);
  });
});
