// The one environment parser for every command and process (docs/configuration.md): parsed once with zod, passed down as values.
import path from 'node:path';
import { z } from 'zod';
import { CommandFailure } from './cli-io.ts';
import { projectFile } from './project-files.ts';
import {
  DEFAULT_IMPORT_MAX_COMPRESSION_RATIO,
  DEFAULT_IMPORT_MAX_DECOMPRESSED_BYTES,
  DEFAULT_IMPORT_MAX_LINES,
  DEFAULT_EXPORT_DOWNLOADS_PER_DAY,
} from '../model/limits.ts';

export interface Config {
  dataDir: string;
  port: number;
  /** The interface `lodging serve` listens on (HOST; `serve --host` wins); null: every interface. */
  host: string | null;
  /** Base of every profileUrl; null means "http://localhost:{the port actually bound}". */
  publicUrl: string | null;
  redisUrl: string | null;
  /** Namespace of every Redis key the API writes (keys, rate limits), so several deployments can share one Redis. */
  redisPrefix: string;
  rateLimit: number;
  rateWindowS: number;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Worker threads of the in-process runner; undefined: one per core, 0: normalise on the main thread. */
  threads: number | undefined;
  /** Publication gates (pipeline/gates/gates.ts): refuse above these shares; --max-rejected-share / --max-drop / --max-field-loss override. */
  gates: { maxRejectedShare: number; maxDrop: number; maxFieldLoss: number };
  /** Published snapshots kept per country for rollback. */
  keepSnapshots: number;
  /** `lodging serve` processes (node:cluster); undefined: one per core in production, else 1. */
  processes: number | undefined;
  /** Where the operator console stores uploaded exports and finds exports named by file (default dataDir/imports). */
  importDir: string;
  /** The largest export the operator console accepts in one upload, in bytes. */
  uploadMaxBytes: number;
  /** Per-key usage counting ("last used", requests per day); off only to measure what it costs (LODGING_USAGE_COUNTING=off). */
  usageCounting: boolean;
  /** The label tables (es/en/fr/pt.json) imports classify with and label review writes; default the project's data/labels. */
  labelsDir: string;
  /** What one import may read before it stops and fails (LODGING_IMPORT_MAX_*). */
  importCaps: { maxDecompressedBytes: number; maxLines: number; maxCompressionRatio: number };
  /** Console uploads: kept this many days, and at most this many bytes in all (the oldest go first). */
  uploads: { keepDays: number; quotaBytes: number };
  /** Days the accounts' audit trails keep security events (by age, never by count). */
  auditKeepDays: number;
  /** Bulk exports: the licence and attribution every manifest carries, and file downloads allowed per key and UTC day. */
  exports: { licence: string | null; attribution: string | null; downloadsPerDay: number };
  /** Where published snapshots live: null = this data directory only; else NATS JetStream (servers, bucket prefix, credentials). */
  snapshotStore: NatsStoreConfig | null;
}

/** LODGING_SNAPSHOT_STORE and its companions: the NATS servers (credentials possibly in the URLs), bucket prefix, creds and CA files. */
export interface NatsStoreConfig {
  servers: string;
  prefix: string;
  credsFile: string | null;
  tlsCaFile: string | null;
  /** How long a publish waits for every live replica to fetch the snapshot before it moves the pointer (0: no wait). */
  stageWaitMs?: number;
  /** LODGING_SNAPSHOT_SIGNING_KEY: the publisher's Ed25519 private key (PEM PKCS#8); without it this machine cannot publish or roll back. */
  signingKeyFile?: string | null;
  /** LODGING_SNAPSHOT_VERIFY_KEY: the public keys (PEM SPKI) a replica accepts pointer records from; several while keys rotate. */
  verifyKeyFiles?: string[];
  /** LODGING_SNAPSHOT_UNSIGNED=allow: unsigned records are published and followed (never under NODE_ENV=production). */
  allowUnsigned?: boolean;
}

/** The committed label tables: data/labels/ at the project root (the same from the compiled build in dist/). */
export const DEFAULT_LABELS_DIR = projectFile('data/labels');

/** 2 GiB: a whole country's export, gzip or not, with room to spare; the upload streams to disk, so memory does not grow with it. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;

/** Console uploads are kept 14 days and 20 GiB in all by default. */
export const DEFAULT_UPLOADS_KEEP_DAYS = 14;
export const DEFAULT_UPLOADS_QUOTA_BYTES = 20 * 1024 ** 3;

/** A bad variable: the command prints its one-line message and exits 1. */
export class ConfigError extends CommandFailure {
  constructor(message: string) {
    super(message, { code: 'bad-configuration' });
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const integerFromString = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional(),
  );

const shareFromString = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, 'must be a share from 0 to 1, e.g. 0.5')
    .transform(Number)
    .optional(),
);

const httpUrl = z
  .string()
  .url('must be an absolute URL')
  .refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://')
  .transform((value) => value.replace(/\/+$/, ''));

/** Every variable the product reads; docs/configuration.md names exactly these (test/docs/docs-links.test.ts). */
export const envSchema = z.object({
  LODGING_DATA_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  PORT: integerFromString(0, 65535),
  HOST: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z0-9.:%_-]{1,253}$/, 'must be an IP address or a host name, e.g. 127.0.0.1 or 0.0.0.0').optional()),
  LODGING_PUBLIC_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => /^rediss?:\/\//i.test(value), 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  LODGING_REDIS_PREFIX: z.preprocess(
    blankToUndefined,
    z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 of A-Z a-z 0-9 : _ . -').optional(),
  ),
  LODGING_RATE_LIMIT: integerFromString(1, 1_000_000_000),
  LODGING_RATE_WINDOW_S: integerFromString(1, 86_400),
  NODE_ENV: z.preprocess(blankToUndefined, z.enum(['development', 'production', 'test']).optional()),
  LODGING_THREADS: integerFromString(0, 64),
  LODGING_GATE_MAX_REJECTED_SHARE: shareFromString,
  LODGING_GATE_MAX_DROP: shareFromString,
  LODGING_GATE_MAX_FIELD_LOSS: shareFromString,
  LODGING_KEEP_SNAPSHOTS: integerFromString(1, 100),
  LODGING_PROCESSES: integerFromString(1, 64),
  LODGING_IMPORT_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  LODGING_UPLOAD_MAX_BYTES: integerFromString(1, 1024 ** 4),
  LODGING_USAGE_COUNTING: z.preprocess(blankToUndefined, z.enum(['on', 'off'], { message: 'must be on or off' }).optional()),
  LODGING_LABELS_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  LODGING_IMPORT_MAX_DECOMPRESSED_BYTES: integerFromString(1, 1024 ** 5),
  LODGING_IMPORT_MAX_LINES: integerFromString(1, 1_000_000_000),
  LODGING_IMPORT_MAX_COMPRESSION_RATIO: integerFromString(1, 1_000_000),
  LODGING_UPLOADS_KEEP_DAYS: integerFromString(1, 3650),
  LODGING_UPLOADS_QUOTA_BYTES: integerFromString(1, 1024 ** 5),
  LODGING_AUDIT_KEEP_DAYS: integerFromString(1, 36_500),
  LODGING_SNAPSHOT_STORE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => value.split(',').every((server) => /^(nats|tls):\/\/[^\s,]+$/i.test(server.trim())), 'must be nats://HOST:PORT[,nats://HOST:PORT…]')
      .optional(),
  ),
  LODGING_NATS_PREFIX: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z0-9_-]{1,48}$/, 'must be 1 to 48 of A-Z a-z 0-9 _ -').optional()),
  LODGING_NATS_CREDS: z.preprocess(blankToUndefined, z.string().optional()),
  LODGING_NATS_TLS_CA: z.preprocess(blankToUndefined, z.string().optional()),
  LODGING_NATS_STAGE_WAIT_S: integerFromString(0, 3600),
  LODGING_SNAPSHOT_SIGNING_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  LODGING_SNAPSHOT_VERIFY_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  LODGING_SNAPSHOT_UNSIGNED: z.preprocess(blankToUndefined, z.enum(['allow'], { message: 'must be allow, or unset' }).optional()),
  LODGING_EXPORTS_LICENSE: z.preprocess(blankToUndefined, z.string().max(200, 'must be at most 200 characters').optional()),
  LODGING_EXPORTS_ATTRIBUTION: z.preprocess(blankToUndefined, z.string().max(500, 'must be at most 500 characters').optional()),
  LODGING_EXPORT_DOWNLOADS_PER_DAY: integerFromString(1, 1_000_000),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
});

/** Reads the variables of docs/configuration.md; throws ConfigError naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  if (vars.LODGING_SNAPSHOT_UNSIGNED === 'allow' && vars.NODE_ENV === 'production') {
    throw new ConfigError('invalid configuration:\n  LODGING_SNAPSHOT_UNSIGNED: allow is refused under NODE_ENV=production; give replicas LODGING_SNAPSHOT_VERIFY_KEY');
  }
  const dataDir = path.resolve(cwd, vars.LODGING_DATA_DIR ?? './data');
  return {
    dataDir,
    port: vars.PORT ?? 3000,
    // Outside production only this machine reaches it (development passwords are printed); in production every interface.
    host: vars.HOST ?? (vars.NODE_ENV === 'production' ? null : '127.0.0.1'),
    publicUrl: vars.LODGING_PUBLIC_URL ?? null,
    redisUrl: vars.REDIS_URL ?? null,
    redisPrefix: vars.LODGING_REDIS_PREFIX ?? 'lodging:',
    rateLimit: vars.LODGING_RATE_LIMIT ?? 600,
    rateWindowS: vars.LODGING_RATE_WINDOW_S ?? 60,
    nodeEnv: vars.NODE_ENV ?? 'development',
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    threads: vars.LODGING_THREADS,
    gates: { maxRejectedShare: vars.LODGING_GATE_MAX_REJECTED_SHARE ?? 0.5, maxDrop: vars.LODGING_GATE_MAX_DROP ?? 0.1, maxFieldLoss: vars.LODGING_GATE_MAX_FIELD_LOSS ?? 0.2 },
    keepSnapshots: vars.LODGING_KEEP_SNAPSHOTS ?? 5,
    processes: vars.LODGING_PROCESSES,
    importDir: vars.LODGING_IMPORT_DIR ? path.resolve(cwd, vars.LODGING_IMPORT_DIR) : path.join(dataDir, 'imports'),
    uploadMaxBytes: vars.LODGING_UPLOAD_MAX_BYTES ?? DEFAULT_UPLOAD_MAX_BYTES,
    usageCounting: vars.LODGING_USAGE_COUNTING !== 'off',
    labelsDir: labelsDirOf(vars.LODGING_LABELS_DIR, cwd),
    importCaps: {
      maxDecompressedBytes: vars.LODGING_IMPORT_MAX_DECOMPRESSED_BYTES ?? DEFAULT_IMPORT_MAX_DECOMPRESSED_BYTES,
      maxLines: vars.LODGING_IMPORT_MAX_LINES ?? DEFAULT_IMPORT_MAX_LINES,
      maxCompressionRatio: vars.LODGING_IMPORT_MAX_COMPRESSION_RATIO ?? DEFAULT_IMPORT_MAX_COMPRESSION_RATIO,
    },
    uploads: {
      keepDays: vars.LODGING_UPLOADS_KEEP_DAYS ?? DEFAULT_UPLOADS_KEEP_DAYS,
      quotaBytes: vars.LODGING_UPLOADS_QUOTA_BYTES ?? DEFAULT_UPLOADS_QUOTA_BYTES,
    },
    auditKeepDays: vars.LODGING_AUDIT_KEEP_DAYS ?? 90,
    exports: {
      licence: vars.LODGING_EXPORTS_LICENSE ?? null,
      attribution: vars.LODGING_EXPORTS_ATTRIBUTION ?? null,
      downloadsPerDay: vars.LODGING_EXPORT_DOWNLOADS_PER_DAY ?? DEFAULT_EXPORT_DOWNLOADS_PER_DAY,
    },
    snapshotStore: vars.LODGING_SNAPSHOT_STORE
      ? {
          servers: vars.LODGING_SNAPSHOT_STORE,
          prefix: vars.LODGING_NATS_PREFIX ?? 'lodging',
          credsFile: vars.LODGING_NATS_CREDS ? path.resolve(cwd, vars.LODGING_NATS_CREDS) : null,
          tlsCaFile: vars.LODGING_NATS_TLS_CA ? path.resolve(cwd, vars.LODGING_NATS_TLS_CA) : null,
          ...(vars.LODGING_NATS_STAGE_WAIT_S === undefined ? {} : { stageWaitMs: vars.LODGING_NATS_STAGE_WAIT_S * 1000 }),
          signingKeyFile: vars.LODGING_SNAPSHOT_SIGNING_KEY ? path.resolve(cwd, vars.LODGING_SNAPSHOT_SIGNING_KEY) : null,
          verifyKeyFiles: (vars.LODGING_SNAPSHOT_VERIFY_KEY ?? '')
            .split(',')
            .map((file) => file.trim())
            .filter((file) => file !== '')
            .map((file) => path.resolve(cwd, file)),
          allowUnsigned: vars.LODGING_SNAPSHOT_UNSIGNED === 'allow',
        }
      : null,
  };
}

function labelsDirOf(value: string | undefined, cwd: string): string {
  return value ? path.resolve(cwd, value) : DEFAULT_LABELS_DIR;
}

/**
 * LODGING_LABELS_DIR alone, for the label matcher: its tables load when the module does, in every thread and
 * process that classifies (import workers included), before any command has parsed the rest.
 */
export function labelsDirFromEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string {
  const parsed = envSchema.shape.LODGING_LABELS_DIR.safeParse(env.LODGING_LABELS_DIR);
  return labelsDirOf(parsed.success ? parsed.data : undefined, cwd);
}

/** The public base URL: LODGING_PUBLIC_URL, else http://localhost:{port}. */
export function resolvePublicUrl(config: Pick<Config, 'publicUrl'>, boundPort: number): string {
  return config.publicUrl ?? `http://localhost:${boundPort}`;
}
