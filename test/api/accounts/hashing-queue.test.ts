// The bounded hashing queue: a few at a time, refused at once when full, a known browser's check ahead of the other checks waiting.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HASHING_LIMITS, HashingQueue, HashingQueueFullError, type HashingPriority } from '../../../api/accounts/hashing-queue.ts';
import { projectFile } from '../../../platform/project-files.ts';

/** A task that finishes when the test says so. */
function held(): { task: () => Promise<string>; release: () => void } {
  let release!: () => void;
  const done = new Promise<string>((resolve) => (release = () => resolve('done')));
  return { task: () => done, release };
}

const settled = async <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

describe('HashingQueue', () => {
  it('runs at most `running` at once and starts the waiting ones in order as slots free', async () => {
    const started: HashingPriority[] = [];
    const queue = new HashingQueue({ running: 2, waiting: 5, retryAfterS: 1 }, (priority) => started.push(priority));
    const a = held();
    const b = held();
    const c = held();
    const runs = [queue.run('other', a.task), queue.run('other', b.task), queue.run('other', c.task)];
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    a.release();
    await runs[0];
    expect(queue.load).toEqual({ running: 2, waiting: 0 });
    b.release();
    c.release();
    await Promise.all(runs);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(started).toHaveLength(3);
  });

  it('refuses a check at once with 429 when the queue is full, before any slot frees', async () => {
    const queue = new HashingQueue({ running: 1, waiting: 2, retryAfterS: 3 });
    const blocker = held();
    const running = queue.run('other', blocker.task);
    const waiting = [queue.run('other', async () => 'w1'), queue.run('other', async () => 'w2')];
    const refused = await settled(queue.run('other', async () => 'late'));
    expect(refused).toMatchObject({ error: expect.any(HashingQueueFullError) });
    const error = (refused as { error: HashingQueueFullError }).error;
    expect(error.status).toBe(429);
    expect(error.retryAfterS).toBe(3);
    expect(queue.load).toEqual({ running: 1, waiting: 2 });
    blocker.release();
    expect(await Promise.all([running, ...waiting])).toEqual(['done', 'w1', 'w2']);
  });

  it('starvation: a known browser is admitted ahead of the attack checks already queued, even when the queue is full', async () => {
    const started: string[] = [];
    const queue = new HashingQueue({ running: 1, waiting: 3, retryAfterS: 1 });
    const blocker = held();
    const label = (name: string) => async () => {
      started.push(name);
      return name;
    };
    const running = queue.run('other', blocker.task);
    const attacks = [queue.run('other', label('attack 1')), queue.run('other', label('attack 2')), queue.run('other', label('attack 3'))];
    // Full: one more attack check is refused, the owner's known browser is not.
    expect(await settled(queue.run('other', label('attack 4')))).toMatchObject({ error: expect.any(HashingQueueFullError) });
    const owner = queue.run('known-browser', label('owner'));
    // The owner took the place of the newest attack check waiting, which is refused.
    expect(await settled(attacks[2]!)).toMatchObject({ error: expect.any(HashingQueueFullError) });
    expect(queue.load).toEqual({ running: 1, waiting: 3 });
    blocker.release();
    await Promise.all([running, owner, attacks[0], attacks[1]]);
    expect(started).toEqual(['owner', 'attack 1', 'attack 2']);
  });

  it('keeps known browsers in arrival order among themselves, ahead of the others', async () => {
    const started: string[] = [];
    const queue = new HashingQueue({ running: 1, waiting: 10, retryAfterS: 1 });
    const blocker = held();
    const label = (name: string) => async () => {
      started.push(name);
    };
    const all = [
      queue.run('other', blocker.task),
      queue.run('other', label('o1')),
      queue.run('known-browser', label('k1')),
      queue.run('other', label('o2')),
      queue.run('known-browser', label('k2')),
    ];
    blocker.release();
    await Promise.all(all);
    expect(started).toEqual(['k1', 'k2', 'o1', 'o2']);
  });

  it('refuses a known browser too when every waiting check is a known browser', async () => {
    const queue = new HashingQueue({ running: 1, waiting: 1, retryAfterS: 1 });
    const blocker = held();
    const all = [queue.run('other', blocker.task), queue.run('known-browser', async () => 'k1')];
    expect(await settled(queue.run('known-browser', async () => 'k2'))).toMatchObject({ error: expect.any(HashingQueueFullError) });
    blocker.release();
    await Promise.all(all);
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new HashingQueue({ running: 1, waiting: 1, retryAfterS: 1 });
    await expect(queue.run('other', async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await queue.run('other', async () => 'next')).toBe('next');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('is described with its own figures in docs/console.md and docs/deployment.md', () => {
    const { running, waiting, retryAfterS } = HASHING_LIMITS;
    const consoleDoc = readFileSync(projectFile('docs/console.md'), 'utf8');
    expect(consoleDoc).toContain(`**${running} hashes at a\ntime, ${waiting} waiting**`);
    expect(consoleDoc).toContain(`\`Retry-After: ${retryAfterS}\``);
    expect(consoleDoc).toContain(`a bounded queue (${running} running, ${waiting} waiting per process)`);
    expect(readFileSync(projectFile('docs/deployment.md'), 'utf8')).toContain(`run in a bounded queue per process: ${running} at a time, ${waiting} waiting`);
  });
});
