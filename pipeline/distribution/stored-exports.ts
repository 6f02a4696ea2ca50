// A version's export files in the shared object store: built from the sealed candidate and uploaded before its pointer record names them; fetched and verified by each replica.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ObjectStore } from 'nats';
import type { CountryCode } from '../../model/place.ts';
import { buildExports, type KeptVersion } from '../exports/build-exports.ts';
import type { ExportSettings } from '../exports/export-manifest.ts';
import { exportFilePath, exportsDir, manifestPath } from '../exports/export-paths.ts';
import { OversizedObjectError, type DownloadObject } from './nats-object-download.ts';
import { rememberDigest, rememberedDigest } from './verified-digest.ts';
import { objectNameOf, sha256OfFile, STORED_EXPORT_KINDS, type StoredExportFile, type StoredExportKind, type StoredSnapshot } from './stored-snapshot.ts';

function localPath(dataDir: string, country: CountryCode, version: string, kind: StoredExportKind): string {
  return kind === 'manifest.json' ? manifestPath(dataDir, country, version) : exportFilePath(dataDir, country, version, kind);
}

/** Beside a version's files when a replica refused them: one line saying why; the API then serves none for the version. */
export function refusedExportsPath(dataDir: string, country: CountryCode, version: string): string {
  return path.join(exportsDir(dataDir, country), `${version}.refused`);
}

/** Why this data directory refused the version's export files from the store, or null. */
export function refusedExports(dataDir: string, country: CountryCode, version: string): string | null {
  try {
    return fs.readFileSync(refusedExportsPath(dataDir, country, version), 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Writes the version's files from its sealed snapshot file (already at its place in the data directory) and puts each
 * into the object store under its SHA-256; returns what the pointer record lists. Called before the record is signed
 * and the pointer moved, so a record never names a file the store lacks.
 */
export async function uploadExports(os: ObjectStore, dataDir: string, version: KeptVersion, settings: ExportSettings): Promise<StoredExportFile[]> {
  await buildExports(dataDir, version, settings);
  const files: StoredExportFile[] = [];
  for (const kind of STORED_EXPORT_KINDS) {
    const file = localPath(dataDir, version.country, version.version, kind);
    const sha256 = await sha256OfFile(file);
    const size = fs.statSync(file).size;
    const name = objectNameOf(sha256);
    const existing = await os.info(name);
    if (!existing || existing.deleted) await os.put({ name }, Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>);
    files.push({ kind, sha256, size });
  }
  return files;
}

/**
 * The export files a record lists, in this data directory: each fetched unless present with its digest, its size and
 * SHA-256 checked before it is renamed into place, the manifest last. 'none' for a record without export entries (the
 * API builds them on first request); on a mismatch, every file of the version is removed, the refusal written beside
 * them, and the problem returned: the API then serves no export of the version rather than other bytes. An object
 * that cannot be fetched (missing, connection lost) is reported and left to the API's build on first request.
 */
export async function fetchExports(dataDir: string, stored: StoredSnapshot, fetch: DownloadObject): Promise<'none' | 'present' | { problem: string }> {
  const files = stored.exports;
  if (!files || files.length === 0) return 'none';
  const { country, version } = stored.entry;
  fs.mkdirSync(exportsDir(dataDir, country), { recursive: true });
  const refused = refusedExportsPath(dataDir, country, version);
  fs.rmSync(refused, { force: true });
  for (const kind of STORED_EXPORT_KINDS) {
    const listed = files.find((f) => f.kind === kind);
    if (!listed) continue;
    const target = localPath(dataDir, country, version, kind);
    // A file this directory checked before (a rollback, a roll forward, the move after a staged fetch) is not read again.
    if (fs.existsSync(target) && fs.statSync(target).size === listed.size) {
      const remembered = rememberedDigest(target);
      if ((remembered ?? (await sha256OfFile(target))) === listed.sha256) {
        if (remembered === null) rememberDigest(target, listed.sha256);
        continue;
      }
    }
    const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.download`;
    try {
      let problem: string | null = null;
      try {
        const actual = await fetch(objectNameOf(listed.sha256), temp, undefined, listed.size);
        const size = fs.statSync(temp).size;
        if (size !== listed.size) problem = `${kind}: ${size} bytes where the pointer record lists ${listed.size}`;
        else if (actual !== listed.sha256) problem = `${kind}: content digest sha256 ${actual.slice(0, 12)}… differs from the pointer record's ${listed.sha256.slice(0, 12)}…`;
      } catch (error) {
        // More bytes than listed are wrong bytes; a missing object or a broken connection is not: the API builds them then.
        if (!(error instanceof OversizedObjectError)) return { problem: `export files of ${country} ${version} not fetched (built on first request instead): ${kind}: ${error instanceof Error ? error.message : String(error)}` };
        problem = `${kind}: ${error.message}`;
      }
      if (problem !== null) {
        for (const other of STORED_EXPORT_KINDS) fs.rmSync(localPath(dataDir, country, version, other), { force: true });
        fs.writeFileSync(refused, `${problem}\n`);
        return { problem: `export files of ${country} ${version} not served: ${problem}` };
      }
      fs.renameSync(temp, target);
      rememberDigest(target, listed.sha256);
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  return 'present';
}
