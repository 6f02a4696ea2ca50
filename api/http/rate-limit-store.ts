// The shared rate-limit store for replicas: rate-limit-redis over the server's ioredis connection.
import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import type { Store } from 'express-rate-limit';

function createRedisRateLimitStore(redis: Redis, prefix: string): Store {
  const store = new RedisStore({
    sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<never>,
    prefix,
  });
  // The store loads its Lua scripts at construction; if Redis is down then, those promises reject before anyone
  // awaits them, which Node would treat as an unhandled rejection. The store reloads them on the next call anyway.
  const scripts = store as unknown as { incrementScriptSha?: Promise<string>; getScriptSha?: Promise<string> };
  scripts.incrementScriptSha?.catch(() => undefined);
  scripts.getScriptSha?.catch(() => undefined);
  return store;
}

/** Every rate-limit window's store: per key, failed authentications per address, profile pages and their misses per address. */
export interface RateLimitStores {
  perKey: Store;
  authFailures: Store;
  profilePages: Store;
  profileMisses: Store;
}

/** Separate namespaces, so a key id and a client address can never share a counter. */
export function createRateLimitStores(redis: Redis, prefix: string): RateLimitStores {
  return {
    perKey: createRedisRateLimitStore(redis, `${prefix}rl:key:`),
    authFailures: createRedisRateLimitStore(redis, `${prefix}rl:auth-failures:`),
    profilePages: createRedisRateLimitStore(redis, `${prefix}rl:profile-pages:`),
    profileMisses: createRedisRateLimitStore(redis, `${prefix}rl:profile-misses:`),
  };
}
