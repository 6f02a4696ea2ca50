// What every operator page shares: the operator-only guard, the audit record of an action, flash notices, country choices.
import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from '../../../model/place.ts';
import type { AuditAction } from '../../accounts/account-store.ts';
import { audit } from '../../accounts/audit.ts';
import type { ConsoleKit, Page } from '../console-kit.ts';
import { html } from '../../../platform/html/index.ts';
import type { Notice } from '../console-layout.ts';
import { parseQuery } from '../form-input.ts';
import type { ImportLauncher } from './import-jobs.ts';
import type { UploadRetention } from './upload-retention.ts';
import type { GateThresholds, RunStore, SnapshotStore } from '../../../pipeline/index.ts';

export const OPS = '/console/ops';

export const COUNTRY_NAMES: Record<CountryCode, string> = { es: 'Spain', gb: 'United Kingdom', fr: 'France', pt: 'Portugal' };

/** Sign-in, then the operator role: a developer account gets the 403 page on every operator page and action. */
export function operatorOnly(kit: ConsoleKit): RequestHandler[] {
  return [kit.requireAccount, kit.requireRole('operator')];
}

/** Every operator action goes into the acting account's audit trail: what, on what, from where. */
export async function recordAction(kit: ConsoleKit, req: Request, res: Response, action: AuditAction, detail: string): Promise<void> {
  const by = kit.actor(req, res);
  await audit(kit.deps.stores.accounts, kit.account(res).id, action, by, { detail });
  kit.deps.logger.info({ operator: by.actor, action, detail }, 'operator action');
}

/** The account recorded by the pipeline as having done it: readable in run history and catalogs. */
export function actorName(kit: ConsoleKit, res: Response): string {
  const account = kit.account(res);
  return `console:${account.email ?? account.id}`;
}

/** An actor as pages show it: the account's e-mail (or name) without the `console:` the run history records. */
export function showActor(by: string | null | undefined): string {
  return by ? by.replace(/^console:/, '') : '—';
}

export function parseCountry(value: unknown): CountryCode | null {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (COUNTRY_CODES as readonly string[]).includes(text) ? (text as CountryCode) : null;
}

export function countryChoices(selected?: string | null): { value: string; label: string; selected?: boolean }[] {
  return COUNTRY_CODES.map((cc) => ({ value: cc, label: `${COUNTRY_NAMES[cc]} (${cc})`, selected: cc === selected }));
}

/** One-word notices carried by a redirect (?notice=…) so a reload does not repeat the action. */
export function flash(_kit: ConsoleKit, req: Request, notices: Record<string, Notice>): Notice[] {
  const query = parseQuery(NOTICE_QUERY, req);
  const key = query.ok ? query.data.notice : undefined;
  return key && Object.hasOwn(notices, key) ? [notices[key]!] : [];
}

/** A notice that is not one of the page's (or a repeated one) shows nothing. */
const NOTICE_QUERY = z.object({ notice: z.string().optional().catch(undefined) });

/** The country filter of a page's query: one of ours, or none (anything else shows every country). */
export const COUNTRY_QUERY = z.object({ country: z.string().optional().catch(undefined) });

/** What the operator pages work on, beside the console kit: the server's data and import directories, its import launcher. */
export interface OpsContext {
  dataDir: string;
  importDir: string;
  /** The label tables the Unknown labels page writes and the console's imports read (LODGING_LABELS_DIR). */
  labelsDir: string;
  uploadMaxBytes: number;
  /** Stored uploads' retention and disk quota (LODGING_UPLOADS_KEEP_DAYS, LODGING_UPLOADS_QUOTA_BYTES). */
  uploads: UploadRetention;
  /** Queue mode: imports go to BullMQ workers; the queues page shows Bull Board. */
  redisUrl: string | null;
  redisPrefix: string;
  launcher: ImportLauncher;
  /** The gate thresholds and snapshots kept (LODGING_GATE_*, LODGING_KEEP_SNAPSHOTS), as the CLI reads them. */
  publication: { thresholds: GateThresholds; keep: number };
  /** Where publish, the snapshot list and rollback act: this data directory, or the store every machine shares (LODGING_SNAPSHOT_STORE). */
  snapshots: SnapshotStore;
  /** The run history that goes with them (shared by every machine when the snapshots are). */
  runs: RunStore;
}

export type OpsPlugin = (router: Router, kit: ConsoleKit, ops: OpsContext) => void;

/** kit.send with the operator stylesheet linked (the shell links only the console's own). */
export function sendOps(kit: ConsoleKit, req: Request, res: Response, page: Page): Promise<void> {
  return kit.send(req, res, { ...page, body: html`<link rel="stylesheet" href="/console/static/ops.css">${page.body}` });
}
