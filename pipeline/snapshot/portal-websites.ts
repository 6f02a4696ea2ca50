// Applies the import's portal-host verdict (pipeline/dedup/portal-hosts.ts) to the snapshot being built: a portal's page leaves the listing's website, recorded as website/shared-portal-host.
import type Database from 'better-sqlite3';
import type { PortalHost, PortalVerdict } from '../dedup/portal-hosts.ts';
import { issue } from '../normalise/issues.ts';
import type { ListingSummary } from './listing-record.ts';
import { placeContentHash } from './place-hash.ts';

/** What the report says of the pass: the portals found, the websites dropped (by host) and the own sites kept. */
export interface PortalWebsites {
  portals: PortalHost[];
  dropped: { id: string; host: string }[];
  ownKept: number;
}

export const NO_PORTAL_WEBSITES: PortalWebsites = Object.freeze({ portals: [], dropped: [], ownKept: 0 });

const SELECT_ROW = 'SELECT place, issues, summary FROM listings WHERE id = ?';
const UPDATE_ROW = 'UPDATE listings SET place = ?, place_hash = ?, issues = ?, summary = ? WHERE id = ?';

interface Row {
  place: string;
  issues: string;
  summary: string;
}

/** Takes the pages of the portal hosts found among the published listings (`verdict`) off those listings' rows. */
export function dropPortalWebsites(db: Database.Database, verdict: PortalVerdict): PortalWebsites {
  if (verdict.dropped.length === 0) return verdict.ownKept.length === 0 ? NO_PORTAL_WEBSITES : { portals: [], dropped: [], ownKept: verdict.ownKept.length };
  const select = db.prepare(SELECT_ROW);
  const update = db.prepare(UPDATE_ROW);
  const unrelated = new Map(verdict.portals.map((portal) => [portal.host, portal.unrelated]));
  for (const { id, host } of verdict.dropped) {
    const row = select.get(id) as Row;
    const place = JSON.parse(row.place) as { website: string | null };
    const found = {
      ...issue('website', 'shared-portal-host', place.website, `${host} is shared by ${unrelated.get(host)} places of unrelated names: a portal's page, not the place's own site`),
      group: host,
    };
    const summary = JSON.parse(row.summary) as ListingSummary;
    summary.issueKeys.push('website/shared-portal-host');
    summary.issueGroups = [...(summary.issueGroups ?? []), `website/shared-portal-host ${host}`];
    place.website = null;
    const json = JSON.stringify(place);
    update.run(json, placeContentHash(json), JSON.stringify([...(JSON.parse(row.issues) as unknown[]), found]), JSON.stringify(summary), id);
  }
  return { portals: verdict.portals, dropped: verdict.dropped, ownKept: verdict.ownKept.length };
}
