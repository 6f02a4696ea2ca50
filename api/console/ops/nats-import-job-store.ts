// Console imports in a NATS JetStream KV bucket (whenever the snapshot store is NATS): every `serve` process on every machine sees the same jobs.
import type { KV, NatsConnection } from 'nats';
import type { NatsStoreConfig } from '../../../platform/environment.ts';
import { connectNats, isRevisionConflict } from '../../../platform/nats-connection.ts';
import { IMPORT_CLAIM_TTL_MS, IMPORT_JOBS_KEPT, type ImportJob, type ImportJobStore } from './import-job-store.ts';

/** Finished jobs' records go after a week even if nothing prunes them (the bucket's age limit). */
const RECORD_TTL_MS = 7 * 86_400_000;
/** Tries of a claim that other claimants keep beating to the key. */
const CLAIM_TRIES = 50;
/** Finished jobs past IMPORT_JOBS_KEPT × 2 tolerated before a save reads them all to prune. */
const PRUNE_SLACK = 10;

/** `claim.<cc>`: which job holds the country, until when unless renewed, and the job as it was claimed (its record may not be written yet). */
interface Claim {
  id: string;
  until: number;
  job: ImportJob;
}

const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));
const jobKey = (id: string) => `job.${id}`;
const claimKey = (country: string) => `claim.${country}`;

async function jobKeys(kv: KV): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of await kv.keys('job.>')) keys.push(key);
  return keys;
}


/** Connected on first use, so a console starts while NATS is down; a failed connection is tried again by the next call. */
export function openNatsImportJobStore(config: NatsStoreConfig): ImportJobStore {
  let opening: Promise<{ connection: NatsConnection; kv: KV }> | null = null;
  const bucket = async (): Promise<KV> => {
    opening ??= (async () => {
      const connection = await connectNats(config, 'lodging-console-imports');
      try {
        const kv = await connection.jetstream({ timeout: 5_000 }).views.kv(`${config.prefix}-console-imports`, { history: 1, ttl: RECORD_TTL_MS });
        return { connection, kv };
      } catch (error) {
        await connection.close().catch(() => undefined);
        throw error;
      }
    })().catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return (await opening).kv;
  };
  return natsImportJobStore(bucket, async () => {
    const open = opening;
    opening = null;
    if (open) await (await open.catch(() => null))?.connection.close().catch(() => undefined);
  });
}

export function natsImportJobStore(bucket: () => Promise<KV>, close: () => Promise<void>): ImportJobStore {
  const read = async (id: string): Promise<ImportJob | null> => {
    const found = await (await bucket()).get(jobKey(id));
    return found?.operation === 'PUT' ? found.json<ImportJob>() : null;
  };

  const allJobs = async (): Promise<ImportJob[]> => {
    const kv = await bucket();
    const jobs: ImportJob[] = [];
    for (const key of await jobKeys(kv)) {
      const found = await kv.get(key);
      if (found?.operation === 'PUT') jobs.push(found.json<ImportJob>());
    }
    return jobs.sort((a, b) => Number(b.state === 'running') - Number(a.state === 'running') || b.startedAt.localeCompare(a.startedAt) || b.id.localeCompare(a.id));
  };

  return {
    async claim(job, now) {
      const kv = await bucket();
      const key = claimKey(job.country);
      for (let attempt = 0; attempt < CLAIM_TRIES; attempt += 1) {
        const found = await kv.get(key);
        const claim = found?.operation === 'PUT' ? found.json<Claim>() : null;
        if (claim && claim.id !== job.id && claim.until > now) return (await read(claim.id)) ?? claim.job;
        // No live claim: take it with a compare-and-set on what was read; of several claimants, one wins.
        try {
          const mine = encode({ id: job.id, until: now + IMPORT_CLAIM_TTL_MS, job } satisfies Claim);
          if (found) await kv.update(key, mine, found.revision);
          else await kv.create(key, mine);
        } catch (error) {
          if (isRevisionConflict(error)) continue;
          throw error;
        }
        await kv.put(jobKey(job.id), encode(job));
        return null;
      }
      throw new Error(`import claim on ${job.country}: other claims kept winning (${CLAIM_TRIES} tries)`);
    },

    async save(job, now) {
      const kv = await bucket();
      await kv.put(jobKey(job.id), encode(job));
      const key = claimKey(job.country);
      if (job.state === 'running') {
        await kv.put(key, encode({ id: job.id, until: now + IMPORT_CLAIM_TTL_MS, job } satisfies Claim));
        return;
      }
      // Release the claim only if it is still this job's (a compare-and-set, like the claim itself).
      const found = await kv.get(key);
      if (found?.operation === 'PUT' && found.json<Claim>().id === job.id) {
        await kv.delete(key, { previousSeq: found.revision }).catch((error: unknown) => {
          if (!isRevisionConflict(error)) throw error;
        });
      }
      // Keep the newest finished jobs: counting the keys is cheap, reading them all is done once PRUNE_SLACK more have come.
      if ((await jobKeys(kv)).length <= IMPORT_JOBS_KEPT * 2 + PRUNE_SLACK) return;
      const finished = (await allJobs()).filter((j) => j.state !== 'running');
      for (const stale of finished.slice(IMPORT_JOBS_KEPT * 2)) await kv.purge(jobKey(stale.id));
    },

    get: read,

    async list() {
      return (await allJobs()).slice(0, IMPORT_JOBS_KEPT * 2);
    },

    close,
  };
}
