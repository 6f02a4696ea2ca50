// Counts API requests per key and hour in memory and flushes them (and "last used") to the store every few seconds, off the request path.
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { clientAddressOf } from '../http/client-address.ts';
import type { KeyStore, LastUse, StoredKey } from '../keys/key-store.ts';
import { hourOf } from './usage-store.ts';
import type { UsageCount, UsageStore } from './usage-store.ts';

export interface UsageRecorder {
  /**
   * O(1), no I/O: called when an authenticated response finishes. The address may be given as a function: it is
   * then asked only when "last used" is due (at most once a minute per key), not on every request.
   */
  count(keyId: string, limited: boolean, address: string | null | (() => string | null)): void;
  /** Writes what was counted so far (also run on a timer and at stop). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface UsageRecorderOptions {
  usage: UsageStore;
  keys: KeyStore;
  logger: Logger;
  /** How often counts are written (default 10 s). */
  flushIntervalMs?: number;
  /** A key's "last used" is written at most this often (default 60 s). */
  lastUseEveryMs?: number;
  now?: () => number;
}

/** Counts held while the store is unreachable are kept for the next flush, up to this many key-hours. */
const MAX_PENDING = 50_000;

export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const now = options.now ?? Date.now;
  const lastUseEveryMs = options.lastUseEveryMs ?? 60_000;
  let counts = new Map<string, UsageCount>();
  let lastUses = new Map<string, LastUse>();
  const lastUseWritten = new Map<string, number>();
  let lastFailureLogged = 0;
  let flushing: Promise<void> | null = null;

  const count: UsageRecorder['count'] = (keyId, limited, address) => {
    const at = now();
    const hour = hourOf(at);
    const slot = `${keyId} ${hour}`;
    let entry = counts.get(slot);
    if (!entry) {
      entry = { keyId, hour, ok: 0, limited: 0 };
      counts.set(slot, entry);
    }
    if (limited) entry.limited += 1;
    else entry.ok += 1;
    if (at - (lastUseWritten.get(keyId) ?? 0) >= lastUseEveryMs) {
      lastUseWritten.set(keyId, at);
      lastUses.set(keyId, { id: keyId, at: new Date(at).toISOString(), address: typeof address === 'function' ? address() : address });
    }
  };

  const writeOnce = async () => {
    const batch = counts;
    const uses = lastUses;
    counts = new Map();
    lastUses = new Map();
    try {
      await options.usage.add([...batch.values()]);
      await options.keys.recordLastUse([...uses.values()]);
    } catch (error) {
      // Put the batch back: the next flush retries it (bounded, so an outage cannot grow memory without end).
      for (const [slot, entry] of batch) {
        if (counts.size >= MAX_PENDING) break;
        const current = counts.get(slot);
        if (current) {
          current.ok += entry.ok;
          current.limited += entry.limited;
        } else counts.set(slot, entry);
      }
      for (const [id, use] of uses) if (!lastUses.has(id)) lastUses.set(id, use);
      if (now() - lastFailureLogged > 60_000) {
        lastFailureLogged = now();
        options.logger.warn({ err: error }, 'key usage could not be written; kept for the next flush');
      }
    }
    if (lastUseWritten.size > 100_000) lastUseWritten.clear();
  };

  const flush = () => {
    flushing ??= writeOnce().finally(() => {
      flushing = null;
    });
    return flushing;
  };
  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? 10_000);
  timer.unref();

  return {
    count,
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Counts every response to an authenticated request (429 apart); mounted first among the API guards. */
export function createUsageCounter(recorder: UsageRecorder): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      const key = (res.locals as { apiKey?: StoredKey }).apiKey;
      if (key) recorder.count(key.id, res.statusCode === 429, () => clientAddressOf(req));
    });
    next();
  };
}
