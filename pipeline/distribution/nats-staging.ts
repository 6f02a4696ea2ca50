// Staged publishes over NATS: replicas say they are alive and fetch an announced snapshot ahead; a publisher waits for them before moving the pointer.
import type { KV } from 'nats';
import type { CountryCode } from '../../model/place.ts';
import type { StageAck, StagingSource } from './snapshot-replica.ts';
import { parseStoredSnapshot, type StoredSnapshot } from './stored-snapshot.ts';

/** How long a publisher waits, by default, for every live replica to hold the snapshot before it moves the pointer. */
export const DEFAULT_STAGE_WAIT_MS = 60_000;
const POLL_MS = 100;

const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));
const stageKey = (country: CountryCode) => `stage.${country}`;
const ackKey = (country: CountryCode, machine: string) => `staged.${country}.${machine}`;
const liveKey = (machine: string) => `live.${machine}`;

/** `pointers` holds `stage.<cc>` beside `current.<cc>`; `replicas` (a bucket with PRESENCE_TTL_MS) holds presences and acknowledgements. */
export function stagingSource(pointers: KV, replicas: KV): StagingSource {
  return {
    async staged(country) {
      const found = await pointers.get(stageKey(country));
      return found?.operation === 'PUT' ? parseStoredSnapshot(found.json(), country) : null;
    },
    async present(machine) {
      await replicas.put(liveKey(machine), encode({ at: new Date().toISOString() }));
    },
    async leave(machine) {
      await replicas.purge(liveKey(machine));
    },
    async acknowledge(machine, country, ack) {
      await replicas.put(ackKey(country, machine), encode(ack));
    },
  };
}

export interface StageOutcome {
  /** Live replicas when the wait ended, and how many of them held the snapshot (checked). */
  replicas: number;
  holding: number;
  /** Why the wait ended: all hold it, the time ran out, or another publisher staged or moved the pointer meanwhile. */
  ended: 'all-hold' | 'timed-out' | 'superseded';
}

/**
 * The publisher's side, after the upload and before the pointer moves: announces the snapshot, then waits (up to
 * `waitMs`) until every live replica holds it, so the move itself costs each replica a swap, not a download. The
 * wait ends early when another publisher staged another snapshot or moved the pointer away from `revision` (the
 * compare-and-set then decides). A replica that could not fetch it counts as answered: it reports its problem itself.
 */
export async function stageSnapshot(pointers: KV, replicas: KV, stored: StoredSnapshot, revision: number, waitMs: number): Promise<StageOutcome> {
  const country = stored.entry.country;
  await pointers.put(stageKey(country), encode(stored));
  const deadline = Date.now() + waitMs;
  for (;;) {
    const machines: string[] = [];
    for await (const key of await replicas.keys('live.>')) machines.push(key.slice('live.'.length));
    const acks = await Promise.all(machines.map(async (machine) => (await replicas.get(ackKey(country, machine)))?.json<StageAck>() ?? null));
    const answered = acks.filter((ack) => ack?.sha256 === stored.sha256 && ack.version === stored.entry.version);
    const outcome = (ended: StageOutcome['ended']): StageOutcome => ({ replicas: machines.length, holding: answered.filter((a) => a!.problem === null).length, ended });
    if (answered.length === machines.length) return outcome('all-hold');
    if (Date.now() >= deadline) return outcome('timed-out');
    const [stage, current] = await Promise.all([pointers.get(stageKey(country)), pointers.get(`current.${country}`)]);
    if (stage?.operation !== 'PUT' || stage.json<{ sha256?: unknown }>().sha256 !== stored.sha256 || (current?.revision ?? 0) !== revision) return outcome('superseded');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** After the pointer moved: the announcement is spent (a later rollback must not send replicas after it again). */
export async function endStage(pointers: KV, stored: StoredSnapshot): Promise<void> {
  const stage = await pointers.get(stageKey(stored.entry.country));
  if (stage?.operation === 'PUT' && stage.json<{ sha256?: unknown }>().sha256 === stored.sha256) {
    await pointers.delete(stageKey(stored.entry.country), { previousSeq: stage.revision });
  }
}
