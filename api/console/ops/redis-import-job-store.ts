// Console imports in Redis (with REDIS_URL): every `serve` process on every machine sees the same jobs.
import type { Redis } from 'ioredis';
import { IMPORT_CLAIM_TTL_MS, IMPORT_JOBS_KEPT, type ImportJob, type ImportJobStore } from './import-job-store.ts';

/** Finished jobs' records expire after a week even if nothing prunes them. */
const RECORD_TTL_MS = 7 * 86_400_000;

// KEYS: claim key, job key, list key. ARGV: job id, record, claim ttl, record ttl, score.
// The claim and the record are written together only when no live claim holds the country.
const CLAIM_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then
  local record = redis.call('GET', KEYS[4] .. holder)
  if record then return record end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
return false
`;

export function openRedisImportJobStore(redis: Redis, prefix: string): ImportJobStore {
  const jobKeyPrefix = `${prefix}console:import:`;
  const k = {
    job: (id: string) => `${jobKeyPrefix}${id}`,
    claim: (country: string) => `${prefix}console:import-claim:${country}`,
    list: `${prefix}console:imports`,
  };
  const read = async (id: string): Promise<ImportJob | null> => {
    const raw = await redis.get(k.job(id));
    return raw ? (JSON.parse(raw) as ImportJob) : null;
  };
  return {
    async claim(job) {
      const held = (await redis.eval(
        CLAIM_SCRIPT,
        4,
        k.claim(job.country),
        k.job(job.id),
        k.list,
        jobKeyPrefix,
        job.id,
        JSON.stringify(job),
        String(IMPORT_CLAIM_TTL_MS),
        String(RECORD_TTL_MS),
        String(Date.parse(job.startedAt)),
      )) as string | null;
      return held ? (JSON.parse(held) as ImportJob) : null;
    },
    async save(job) {
      const multi = redis.multi().set(k.job(job.id), JSON.stringify(job), 'PX', RECORD_TTL_MS);
      if (job.state === 'running') multi.set(k.claim(job.country), job.id, 'PX', IMPORT_CLAIM_TTL_MS);
      await multi.exec();
      if (job.state !== 'running') {
        // Release the claim only if it is still this job's; then keep the newest finished jobs.
        await redis.eval(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`, 1, k.claim(job.country), job.id);
        const stale = await redis.zrange(k.list, 0, -(IMPORT_JOBS_KEPT * 2) - 1);
        if (stale.length > 0) await redis.multi().zrem(k.list, ...stale).del(...stale.map(k.job)).exec();
      }
    },
    get: read,
    async list() {
      const ids = await redis.zrevrange(k.list, 0, IMPORT_JOBS_KEPT * 2 - 1);
      if (ids.length === 0) return [];
      const raws = await redis.mget(...ids.map(k.job));
      const jobs = raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as ImportJob);
      return jobs.sort((a, b) => Number(b.state === 'running') - Number(a.state === 'running') || b.startedAt.localeCompare(a.startedAt));
    },
    async close() {},
  };
}
