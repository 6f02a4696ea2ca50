// Configuration is parsed once, with the defaults of docs/configuration.md, and a bad variable fails fast with its name.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LABELS_DIR, labelsDirFromEnv, parseConfig, resolvePublicUrl } from '../../platform/environment.ts';

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    expect(parseConfig({}, '/srv/app')).toEqual({
      dataDir: path.resolve('/srv/app', './data'),
      port: 3000,
      host: '127.0.0.1',
      publicUrl: null,
      redisUrl: null,
      redisPrefix: 'lodging:',
      rateLimit: 600,
      rateWindowS: 60,
      nodeEnv: 'development',
      logLevel: 'info',
      gates: { maxRejectedShare: 0.5, maxDrop: 0.1, maxFieldLoss: 0.2 },
      keepSnapshots: 5,
      importDir: path.resolve('/srv/app', './data/imports'),
      uploadMaxBytes: 2 * 1024 ** 3,
      usageCounting: true,
      labelsDir: DEFAULT_LABELS_DIR,
      snapshotStore: null,
      importCaps: { maxDecompressedBytes: 8 * 1024 ** 3, maxLines: 5_000_000, maxCompressionRatio: 100 },
      uploads: { keepDays: 14, quotaBytes: 20 * 1024 ** 3 },
      auditKeepDays: 90,
      exports: { licence: null, attribution: null, downloadsPerDay: 20 },
      queryRowBudget: 20_000,
    });
    expect(DEFAULT_LABELS_DIR).toBe(path.resolve('data/labels'));
  });

  it('reads every variable', () => {
    const config = parseConfig(
      {
        LODGING_DATA_DIR: '/var/lib/lodging',
        PORT: '8080',
        HOST: '10.0.0.5',
        LODGING_PUBLIC_URL: 'https://lodging.example.org/',
        REDIS_URL: 'redis://cache:6379/2',
        LODGING_REDIS_PREFIX: 'prod:',
        LODGING_RATE_LIMIT: '1200',
        LODGING_RATE_WINDOW_S: '30',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        LODGING_GATE_MAX_REJECTED_SHARE: '0.25',
        LODGING_GATE_MAX_DROP: '.05',
        LODGING_GATE_MAX_FIELD_LOSS: '0.3',
        LODGING_KEEP_SNAPSHOTS: '10',
        LODGING_IMPORT_DIR: 'incoming',
        LODGING_UPLOAD_MAX_BYTES: '1048576',
        LODGING_USAGE_COUNTING: 'off',
        LODGING_LABELS_DIR: 'tables',
        LODGING_IMPORT_MAX_DECOMPRESSED_BYTES: '1000000',
        LODGING_IMPORT_MAX_LINES: '5000',
        LODGING_IMPORT_MAX_COMPRESSION_RATIO: '20',
        LODGING_UPLOADS_KEEP_DAYS: '3',
        LODGING_UPLOADS_QUOTA_BYTES: '4096',
        LODGING_AUDIT_KEEP_DAYS: '30',
        LODGING_EXPORTS_LICENSE: 'ODbL-1.0',
        LODGING_EXPORTS_ATTRIBUTION: 'Lodging Directory contributors',
        LODGING_EXPORT_DOWNLOADS_PER_DAY: '7',
        LODGING_QUERY_ROW_BUDGET: '5000',
      },
      '/srv/app',
    );
    expect(config).toEqual({
      dataDir: '/var/lib/lodging',
      port: 8080,
      host: '10.0.0.5',
      publicUrl: 'https://lodging.example.org',
      redisUrl: 'redis://cache:6379/2',
      redisPrefix: 'prod:',
      rateLimit: 1200,
      rateWindowS: 30,
      nodeEnv: 'production',
      logLevel: 'warn',
      gates: { maxRejectedShare: 0.25, maxDrop: 0.05, maxFieldLoss: 0.3 },
      keepSnapshots: 10,
      importDir: '/srv/app/incoming',
      uploadMaxBytes: 1048576,
      usageCounting: false,
      labelsDir: '/srv/app/tables',
      snapshotStore: null,
      importCaps: { maxDecompressedBytes: 1000000, maxLines: 5000, maxCompressionRatio: 20 },
      uploads: { keepDays: 3, quotaBytes: 4096 },
      auditKeepDays: 30,
      exports: { licence: 'ODbL-1.0', attribution: 'Lodging Directory contributors', downloadsPerDay: 7 },
      queryRowBudget: 5000,
    });
  });

  it('gives the label matcher LODGING_LABELS_DIR alone, as parseConfig reads it', () => {
    expect(labelsDirFromEnv({ LODGING_LABELS_DIR: 'tables', PORT: 'not a port' }, '/srv/app')).toBe('/srv/app/tables');
    expect(labelsDirFromEnv({ LODGING_LABELS_DIR: ' ' }, '/srv/app')).toBe(DEFAULT_LABELS_DIR);
    expect(labelsDirFromEnv({}, '/srv/app')).toBe(parseConfig({}, '/srv/app').labelsDir);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', REDIS_URL: ' ' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['LODGING_RATE_LIMIT', '0'],
    ['LODGING_RATE_LIMIT', '-5'],
    ['LODGING_RATE_WINDOW_S', 'sixty'],
    ['LODGING_UPLOAD_MAX_BYTES', '0'],
    ['LODGING_UPLOAD_MAX_BYTES', '10MB'],
    ['LODGING_PUBLIC_URL', 'ftp://files.example.org'],
    ['LODGING_PUBLIC_URL', 'not a url'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['LODGING_REDIS_PREFIX', 'has spaces'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['LODGING_GATE_MAX_REJECTED_SHARE', '1.5'],
    ['LODGING_GATE_MAX_REJECTED_SHARE', 'half'],
    ['LODGING_GATE_MAX_DROP', '-0.1'],
    ['LODGING_GATE_MAX_FIELD_LOSS', '2'],
    ['LODGING_KEEP_SNAPSHOTS', '0'],
    ['LODGING_USAGE_COUNTING', 'no'],
  ])('rejects %s=%s, naming it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });

  it('listens on 127.0.0.1 outside production and on every interface in production, unless HOST says', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'production' }).host).toBeNull();
    expect(parseConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(parseConfig({ HOST: '::' }).host).toBe('::');
    expect(parseConfig({ HOST: ' ' }).host).toBe('127.0.0.1');
    expect(() => parseConfig({ HOST: 'http://x' })).toThrow(/HOST/);
  });

  it('is silent under NODE_ENV=test unless LOG_LEVEL says otherwise', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });
});

describe('resolvePublicUrl', () => {
  it.each([
    [null, 3000, 'http://localhost:3000'],
    [null, 41234, 'http://localhost:41234'],
    ['https://lodging.example.org', 3000, 'https://lodging.example.org'],
  ])('%s on port %s → %s', (publicUrl, port, expected) => {
    expect(resolvePublicUrl({ publicUrl }, port)).toBe(expected);
  });
});
