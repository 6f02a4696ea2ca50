// The bounded queue every password hash runs in: a few at a time, a few more waiting, 429 at once past that; a known browser's check goes first.
import { AppError } from '../../platform/errors/app-error.ts';

export interface HashingLimits {
  /** Hashes computed at once (each scrypt takes 128 MiB and a thread-pool thread for about a fifth of a second). */
  running: number;
  /** Hashes waiting for a turn; past this a new check is refused at once (429) instead of waiting behind an attack. */
  waiting: number;
  /** The Retry-After of a refused check, in seconds. */
  retryAfterS: number;
}

/** Per process: under `serve --processes N`, each process has its own queue. */
export const HASHING_LIMITS: HashingLimits = { running: 2, waiting: 16, retryAfterS: 2 };

/** `known-browser`: a sign-in from a browser that signed in to that account before; `other`: every other hash. */
export type HashingPriority = 'known-browser' | 'other';

export class HashingQueueFullError extends AppError {
  readonly retryAfterS: number;
  constructor(retryAfterS: number) {
    super('too many passwords are being checked right now', {
      code: 'hashing-queue-full',
      status: 429,
      publicMessage: 'Too many passwords are being checked right now. Try again in a moment.',
    });
    this.retryAfterS = retryAfterS;
  }
}

interface Waiting {
  priority: HashingPriority;
  start: () => void;
  refuse: (error: Error) => void;
}

export class HashingQueue {
  private running = 0;
  private readonly queue: Waiting[] = [];

  /** `onStart`: told the priority of each hash as it starts (what a test observes the order by). */
  constructor(
    readonly limits: HashingLimits = HASHING_LIMITS,
    private readonly onStart: (priority: HashingPriority) => void = () => undefined,
  ) {}

  /** How many hashes run and wait now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /**
   * Runs `task` when a slot is free. Known browsers wait ahead of every other check; when the queue is full a new
   * check is refused at once (HashingQueueFullError), except a known browser's, which takes the place of the newest
   * other check waiting (that one is refused instead), so an attack that fills the queue cannot keep the owner out.
   */
  run<T>(priority: HashingPriority, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        this.onStart(priority);
        const finished = () => {
          this.running -= 1;
          this.next();
        };
        // The slot is free before the caller hears the outcome.
        task().then(
          (value) => (finished(), resolve(value)),
          (error: unknown) => (finished(), reject(error)),
        );
      };
      if (this.running < this.limits.running && this.queue.length === 0) return start();
      const entry: Waiting = { priority, start, refuse: reject };
      if (this.queue.length >= this.limits.waiting) {
        const displaced = priority === 'known-browser' ? this.lastIndexOf('other') : -1;
        if (displaced === -1) return reject(new HashingQueueFullError(this.limits.retryAfterS));
        this.queue.splice(displaced, 1)[0]!.refuse(new HashingQueueFullError(this.limits.retryAfterS));
      }
      // Behind the known browsers already waiting, ahead of every other check.
      const at = priority === 'known-browser' ? this.lastIndexOf('known-browser') + 1 : this.queue.length;
      this.queue.splice(at, 0, entry);
    });
  }

  private lastIndexOf(priority: HashingPriority): number {
    for (let i = this.queue.length - 1; i >= 0; i -= 1) if (this.queue[i]!.priority === priority) return i;
    return -1;
  }

  private next(): void {
    while (this.running < this.limits.running && this.queue.length > 0) this.queue.shift()!.start();
  }
}

/** The process's queue: every hash of passwords.ts runs in it. */
export const passwordHashing = new HashingQueue();
