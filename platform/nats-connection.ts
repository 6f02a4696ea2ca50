// The one NATS connection module: servers and credentials from LODGING_SNAPSHOT_STORE, reconnecting forever, never logging a password.
import fs from 'node:fs';
import type { ConnectionOptions, NatsConnection } from 'nats';
import type { NatsStoreConfig } from './environment.ts';
import { AppError } from './errors/app-error.ts';

/**
 * The NATS client (some 2.4 MB of heap), loaded on the first connection: a process whose snapshots stay in its data
 * directory never loads it.
 */
const loadNats = () => import('nats');

/** The servers with any user:password replaced by ***: what logs and errors may show. */
export function redactNatsServers(servers: string): string {
  return servers
    .split(',')
    .map((server) => server.trim().replace(/^([a-z]+:\/\/)[^@/]*@/i, '$1***@'))
    .join(',');
}

/** Connection options: credentials taken out of the URLs (the client is given them apart), files read now. */
export async function natsConnectionOptions(config: NatsStoreConfig, name: string): Promise<ConnectionOptions> {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = config.servers.split(',').map((raw) => {
    const server = raw.trim();
    const match = /^([a-z]+):\/\/(?:([^:@/]*)(?::([^@/]*))?@)?(.+)$/i.exec(server);
    if (!match) return server;
    if (match[2] !== undefined && user === undefined) {
      user = decodeURIComponent(match[2]);
      pass = match[3] === undefined ? undefined : decodeURIComponent(match[3]);
    }
    return `${match[1]!.toLowerCase() === 'tls' ? 'tls' : 'nats'}://${match[4]}`;
  });
  return {
    servers,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    pingInterval: 5_000,
    timeout: 5_000,
    ...(user !== undefined ? { user, ...(pass !== undefined ? { pass } : {}) } : {}),
    ...(config.credsFile ? { authenticator: (await loadNats()).credsAuthenticator(new Uint8Array(fs.readFileSync(config.credsFile))) } : {}),
    ...(config.tlsCaFile ? { tls: { caFile: config.tlsCaFile } } : {}),
  };
}

/** Connects, or throws an error that names the servers without their credentials. */
export async function connectNats(config: NatsStoreConfig, name = 'lodging'): Promise<NatsConnection> {
  try {
    const { connect } = await loadNats();
    return await connect(await natsConnectionOptions(config, name));
  } catch (error) {
    const reason = error instanceof Error ? error.message.replaceAll(config.servers, redactNatsServers(config.servers)) : String(error);
    // Expected while NATS is down: one line on the command line, a 503 on a page (whose text names no host).
    throw new AppError(`cannot reach NATS at ${redactNatsServers(config.servers)}: ${reason}`, {
      code: 'nats-unreachable',
      status: 503,
      publicMessage: 'The shared snapshot store cannot be reached right now; try again in a moment.',
    });
  }
}

/** A KV compare-and-set that lost: the key moved past the revision given (update) or exists already (create). */
export function isRevisionConflict(error: unknown): boolean {
  return /wrong last sequence|key exists/i.test(error instanceof Error ? error.message : String(error));
}
