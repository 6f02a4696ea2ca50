// One import, publish or rollback per country at a time: an O_EXCL lock file holding pid and run, taken over once its process is dead.
import { AppError } from '../../platform/errors/app-error.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { CountryCode } from '../../model/place.ts';
import { isAlive, thisProcess, type ProcessStamp } from './process-liveness.ts';
import { runsDir } from './run-store.ts';

export interface LockHolder extends ProcessStamp {
  country: CountryCode;
  runId: string;
  /** import, publish, rollback, discard. */
  action: string;
  since: string;
}

/** Another live process holds the country: the message is the one line the CLI prints. */
export class CountryBusyError extends AppError {
  constructor(readonly holder: LockHolder) {
    super(
      `country ${holder.country} is busy: ${holder.action} run ${holder.runId} holds it (pid ${holder.pid} on ${holder.host}, since ${holder.since}); try again when it ends`,
      { code: 'country-busy', status: 409 },
    );
    this.name = 'CountryBusyError';
  }
}

export interface CountryLock {
  readonly holder: LockHolder;
  release(): void;
}

export function lockPath(dataDir: string, country: CountryCode): string {
  return path.join(runsDir(dataDir), 'locks', `${country}.lock`);
}

/** Takes the country's lock or throws CountryBusyError; a lock whose process died is taken over. */
export function acquireCountryLock(dataDir: string, country: CountryCode, runId: string, action: string): CountryLock {
  const file = lockPath(dataDir, country);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const holder: LockHolder = { ...thisProcess(), country, runId, action, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx');
      try {
        fs.writeFileSync(fd, JSON.stringify(holder));
      } finally {
        fs.closeSync(fd);
      }
      let released = false;
      return {
        holder,
        release() {
          if (released) return;
          released = true;
          // Only our own lock: never one a later process took over.
          if (readHolder(file)?.runId === runId) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readHolder(file);
    if (current && isAlive(current)) throw new CountryBusyError(current);
    // Dead holder (or a lock file cut short by a crash while it was written): remove it if it is still that one.
    // A lock that cannot be parsed may be one being written this instant: only an old one is taken over.
    if (current === null && Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 10_000) {
      throw new Error(`the lock ${file} is unreadable; remove it if no import is running`);
    }
    const text = readText(file);
    if (text !== null && readText(file) === text) fs.rmSync(file, { force: true });
  }
  const current = readHolder(file);
  throw current ? new CountryBusyError(current) : new Error(`could not take the lock ${file}`);
}

/** Who holds the country now (a live process), or null. */
export function countryLockHolder(dataDir: string, country: CountryCode): LockHolder | null {
  const holder = readHolder(lockPath(dataDir, country));
  return holder && isAlive(holder) ? holder : null;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function readHolder(file: string): LockHolder | null {
  const text = readText(file);
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as LockHolder;
    return typeof parsed.pid === 'number' && typeof parsed.runId === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
