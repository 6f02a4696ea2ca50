// Accounts, invitations, sessions, audit and password-attempt counters in Redis (with REDIS_URL), shared by every replica.
import type { Redis } from 'ioredis';
import { KeyStoreUnavailableError } from '../keys/key-store.ts';
import { disabledAccountsKey } from '../keys/redis-key-store.ts';
import { revocationChannel } from '../keys/redis-revocation-feed.ts';
import { AccountExistsError, DAY_MS, DEFAULT_AUDIT_KEEP_DAYS } from './account-store.ts';
import type { Account, AccountStore, AuditEntry, SessionRecord } from './account-store.ts';

// KEYS: account, email index, all-accounts zset, disabled set. ARGV: json, created-at ms, id.
const CREATE_SCRIPT = `
local account = cjson.decode(ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
if KEYS[2] ~= '' and redis.call('EXISTS', KEYS[2]) == 1 then return -2 end
redis.call('SET', KEYS[1], ARGV[1])
if KEYS[2] ~= '' then redis.call('SET', KEYS[2], ARGV[3]) end
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[3])
if account.status == 'disabled' then redis.call('SADD', KEYS[4], ARGV[3]) else redis.call('SREM', KEYS[4], ARGV[3]) end
return 1`;

// KEYS: account, disabled set. ARGV: patch json, email-index prefix, key-store prefix, revocation channel.
const UPDATE_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local account = cjson.decode(raw)
local patch = cjson.decode(ARGV[1])
if patch.email ~= nil and patch.email ~= cjson.null and patch.email ~= account.email then
  local holder = redis.call('GET', ARGV[2] .. patch.email)
  if holder and holder ~= account.id then return -2 end
end
local oldEmail = account.email
for field, value in pairs(patch) do account[field] = value end
if oldEmail ~= account.email then
  if oldEmail ~= nil and oldEmail ~= cjson.null then redis.call('DEL', ARGV[2] .. oldEmail) end
  if account.email ~= nil and account.email ~= cjson.null then redis.call('SET', ARGV[2] .. account.email, account.id) end
end
if account.status == 'disabled' then
  -- Newly disabled: every replica's authenticator drops the account's keys from its outage fallback, as for a revocation.
  if redis.call('SADD', KEYS[2], account.id) == 1 then
    for _, id in ipairs(redis.call('LRANGE', ARGV[3] .. 'account:' .. account.id .. ':all', 0, -1)) do
      local key = redis.call('GET', ARGV[3] .. 'id:' .. id)
      if key then redis.call('PUBLISH', ARGV[4], cjson.decode(key).secretHash) end
    end
  end
else
  redis.call('SREM', KEYS[2], account.id)
end
local encoded = cjson.encode(account)
redis.call('SET', KEYS[1], encoded)
return encoded`;

// One script, so nothing runs between the count and the verdict (AccountStore.countAttempt).
// KEYS: counters. ARGV: per counter, its limit (-1: none) and window ms. Returns { admitted 1/0, retry ms, counts… }.
const COUNT_SCRIPT = `
local counts, wait = {}, 0
local function bump(i)
  local n = redis.call('INCR', KEYS[i])
  if n == 1 or redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
  return n
end
for i = 1, #KEYS do
  counts[i] = 0
  local limit = tonumber(ARGV[2 * i - 1])
  if limit >= 0 then
    counts[i] = bump(i)
    if counts[i] > limit then wait = math.max(wait, redis.call('PTTL', KEYS[i])) end
  end
end
for i = 1, #KEYS do
  if tonumber(ARGV[2 * i - 1]) < 0 then
    if wait == 0 then counts[i] = bump(i) else counts[i] = tonumber(redis.call('GET', KEYS[i]) or '0') end
  end
end
local out = { wait == 0 and 1 or 0, wait }
for i = 1, #KEYS do out[i + 2] = counts[i] end
return out`;

// Appends, then drops entries older than the cutoff from the old end (by age, never by count); the list lives as long as its newest entry.
// KEYS: the account's list. ARGV: entry json, cutoff (ISO-8601), keep ms.
const AUDIT_SCRIPT = `
redis.call('LPUSH', KEYS[1], ARGV[1])
while true do
  local oldest = redis.call('LINDEX', KEYS[1], -1)
  if not oldest or cjson.decode(oldest).at >= ARGV[2] then break end
  redis.call('RPOP', KEYS[1])
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

const REFUND_SCRIPT = `
for i = 1, #KEYS do
  local n = tonumber(redis.call('GET', KEYS[i]) or '0')
  if n > 0 then redis.call('DECR', KEYS[i]) end
end
return 1`;

export function openRedisAccountStore(redis: Redis, options: { prefix: string; auditKeepDays?: number }): AccountStore {
  const auditKeepMs = (options.auditKeepDays ?? DEFAULT_AUDIT_KEEP_DAYS) * DAY_MS;
  const p = options.prefix;
  const k = {
    account: (id: string) => `${p}accounts:id:${id}`,
    emailPrefix: `${p}accounts:email:`,
    email: (email: string) => `${p}accounts:email:${email}`,
    all: `${p}accounts:all`,
    disabled: disabledAccountsKey(p),
    invitation: (hash: string) => `${p}console:invitation:${hash}`,
    invitationOf: (id: string) => `${p}console:invitation-of:${id}`,
    session: (hash: string) => `${p}console:session:${hash}`,
    sessionsOf: (id: string) => `${p}console:sessions-of:${id}`,
    audit: (id: string) => `${p}console:audit:${id}`,
    attempts: (subject: string) => `${p}console:attempts:${subject}`,
  };
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new KeyStoreUnavailableError(`account store (redis) failed: ${(error as Error).message}`, { cause: error });
    }
  };
  const parse = (raw: string | null): Account | null => (raw ? (JSON.parse(raw) as Account) : null);
  const create = (account: Account) =>
    call(() =>
      redis.eval(
        CREATE_SCRIPT,
        4,
        k.account(account.id),
        account.email ? k.email(account.email) : '',
        k.all,
        k.disabled,
        JSON.stringify(account),
        Date.parse(account.createdAt) || 0,
        account.id,
      ),
    );

  return {
    kind: 'redis',
    async createAccount(account) {
      const result = await create(account);
      if (result === -1) throw new AccountExistsError('id');
      if (result === -2) throw new AccountExistsError('e-mail');
    },
    async ensureAccount(account) {
      return (await create(account)) === 1;
    },
    async findAccount(id) {
      return parse(await call(() => redis.get(k.account(id))));
    },
    async findAccountByEmail(email) {
      const id = await call(() => redis.get(k.email(email)));
      return id ? parse(await call(() => redis.get(k.account(id)))) : null;
    },
    async listAccounts() {
      const ids = await call(() => redis.zrange(k.all, 0, -1));
      if (ids.length === 0) return [];
      const values = await call(() => redis.mget(ids.map(k.account)));
      return values.map(parse).filter((a): a is Account => a !== null);
    },
    async updateAccount(id, patch) {
      const result = await call(() => redis.eval(UPDATE_SCRIPT, 2, k.account(id), k.disabled, JSON.stringify(patch), k.emailPrefix, `${p}keys:`, revocationChannel(p)));
      if (result === -2) throw new AccountExistsError('e-mail');
      return parse(result as string | null);
    },
    async putInvitation(invitation) {
      const ttl = Math.max(1, invitation.expiresAt - Date.now());
      const previous = await call(() => redis.get(k.invitationOf(invitation.accountId)));
      const multi = redis.multi();
      if (previous) multi.del(k.invitation(previous));
      multi.set(k.invitation(invitation.tokenHash), JSON.stringify(invitation), 'PX', ttl);
      multi.set(k.invitationOf(invitation.accountId), invitation.tokenHash, 'PX', ttl);
      await call(() => multi.exec());
    },
    async peekInvitation(tokenHash, now) {
      const raw = await call(() => redis.get(k.invitation(tokenHash)));
      const invitation = raw ? (JSON.parse(raw) as Parameters<AccountStore['putInvitation']>[0]) : null;
      return invitation && invitation.expiresAt > now ? invitation : null;
    },
    async takeInvitation(tokenHash, now) {
      const raw = await call(() => redis.getdel(k.invitation(tokenHash)));
      const invitation = raw ? (JSON.parse(raw) as Parameters<AccountStore['putInvitation']>[0]) : null;
      return invitation && invitation.expiresAt > now ? invitation : null;
    },
    async deleteInvitationsOf(accountId) {
      const current = await call(() => redis.get(k.invitationOf(accountId)));
      await call(() => redis.del(k.invitationOf(accountId), ...(current ? [k.invitation(current)] : [])));
    },
    async putSession(session: SessionRecord, expiresAt: number) {
      const ttl = Math.max(1, expiresAt - Date.now());
      const multi = redis.multi().set(k.session(session.idHash), JSON.stringify(session), 'PX', ttl);
      if (session.accountId) {
        multi.sadd(k.sessionsOf(session.accountId), session.idHash);
        multi.pexpire(k.sessionsOf(session.accountId), 9 * 3_600_000);
      }
      await call(() => multi.exec());
    },
    async getSession(idHash) {
      const raw = await call(() => redis.get(k.session(idHash)));
      return raw ? (JSON.parse(raw) as SessionRecord) : null;
    },
    async deleteSession(idHash) {
      await call(() => redis.del(k.session(idHash)));
    },
    async deleteSessionsOf(accountId) {
      const hashes = await call(() => redis.smembers(k.sessionsOf(accountId)));
      await call(() => redis.del(k.sessionsOf(accountId), ...hashes.map(k.session)));
    },
    async appendAudit(entry: AuditEntry) {
      await call(() =>
        redis.eval(AUDIT_SCRIPT, 1, k.audit(entry.accountId), JSON.stringify(entry), new Date(Date.now() - auditKeepMs).toISOString(), auditKeepMs),
      );
    },
    async listAudit(accountId, limit) {
      const raw = await call(() => redis.lrange(k.audit(accountId), 0, limit - 1));
      return raw.map((line) => JSON.parse(line) as AuditEntry);
    },
    async countAttempt(counters) {
      if (counters.length === 0) return { admitted: true, counts: [], retryAfterMs: 0 };
      const limits = counters.flatMap((counter) => [counter.limit ?? -1, counter.windowMs]);
      const out = (await call(() => redis.eval(COUNT_SCRIPT, counters.length, ...counters.map((c) => k.attempts(c.subject)), ...limits))) as number[];
      return { admitted: out[0] === 1, retryAfterMs: out[1]!, counts: out.slice(2) };
    },
    async refundAttempt(subjects) {
      if (subjects.length > 0) await call(() => redis.eval(REFUND_SCRIPT, subjects.length, ...subjects.map(k.attempts)));
    },
    async clearAttempts(subjects) {
      if (subjects.length > 0) await call(() => redis.del(...subjects.map(k.attempts)));
    },
    async close() {
      // The connection belongs to the server (shared with keys and rate limits).
    },
  };
}
