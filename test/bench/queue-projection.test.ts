// The queue bench's projection from one run's CPU: reading bound by the slower of the importer and the shared workers, then what follows alone.
import { describe, expect, it } from 'vitest';
import { projectFromCpu } from '../../bench/queue-projection.ts';

const run = { readingWallMs: 90_000, importerReadingCpuMs: 20_000, workersCpuMs: 80_000, afterReadingMs: 30_000 };

describe('projectFromCpu', () => {
  it('shares the workers\' CPU among them while it is the larger, and adds what follows reading', () => {
    expect(projectFromCpu(run, 1)).toBe(110_000);
    expect(projectFromCpu(run, 2)).toBe(70_000);
  });

  it('stops at the importer\'s own reading once the workers outnumber the work', () => {
    expect(projectFromCpu(run, 4)).toBe(50_000);
    expect(projectFromCpu(run, 16)).toBe(50_000);
  });
});
