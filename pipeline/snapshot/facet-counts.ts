// Facet counts over a search's whole result, cached per connection: every page of a walk asks for the same counts.
import type Database from 'better-sqlite3';
import type { FacetCounts, FacetName } from './reader-types.ts';
import { facetSql } from './ordered-statements.ts';

/** Results counted per connection (a snapshot never changes, so counts never go stale). */
const CACHED_RESULTS = 500;

export class FacetCounter {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly cache = new Map<string, Record<string, number>>();

  constructor(private readonly db: Database.Database) {}

  /** `where` and `params` select the result; `signature` names it (the same result, the same signature). */
  count(facets: readonly FacetName[], where: string, params: Record<string, unknown>, signature: string): FacetCounts {
    const counts: FacetCounts = {};
    for (const facet of facets) {
      const key = `${facet}\n${signature}`;
      let found = this.cache.get(key);
      if (!found) {
        found = this.countOne(facet, where, params);
        if (this.cache.size >= CACHED_RESULTS) this.cache.delete(this.cache.keys().next().value!);
        this.cache.set(key, found);
      }
      counts[facet] = found;
    }
    return counts;
  }

  private countOne(facet: FacetName, where: string, params: Record<string, unknown>): Record<string, number> {
    const sql = facetSql(facet, where);
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql).raw(true);
      this.statements.set(sql, statement);
    }
    const used = Object.fromEntries(Object.entries(params).filter(([name]) => sql.includes(`@${name}`)));
    const rows = statement.all(used) as [string | number, number][];
    const boolean = facet === 'whatsappEligible' || facet === 'verified';
    const counts: Record<string, number> = boolean ? { true: 0, false: 0 } : {};
    for (const [value, count] of rows) counts[boolean ? String(value === 1) : String(value)] = count;
    return counts;
  }
}
