// Facet counts over a search's whole result, cached per connection: every page of a walk asks for the same counts.
import type Database from 'better-sqlite3';
import type { CacheFigures, FacetCounts, FacetName } from './reader-types.ts';
import { FacetColumns } from './facet-columns.ts';

/** Results counted per connection (a snapshot never changes, so counts never go stale). */
const CACHED_RESULTS = 500;

export class FacetCounter {
  private readonly cache = new Map<string, Record<string, number>>();
  /** Read on the first count; dropped with the connection when the snapshot is swapped. */
  private loaded: FacetColumns | null = null;

  constructor(
    private readonly db: Database.Database,
    /** One above the highest rowid. */
    private readonly size: number,
  ) {}

  /** `countWith` counts the facets not cached over the result, which `signature` names (the same result, the same signature). */
  count(facets: readonly FacetName[], signature: string, countWith: (columns: FacetColumns, facets: readonly FacetName[]) => FacetCounts): FacetCounts {
    const counts: FacetCounts = {};
    const missing = facets.filter((facet) => !this.cache.has(`${facet}\n${signature}`));
    const counted = missing.length === 0 ? {} : countWith(this.columns(), missing);
    for (const facet of facets) {
      const key = `${facet}\n${signature}`;
      let found = this.cache.get(key);
      if (found) this.cache.delete(key);
      else {
        found = counted[facet] ?? {};
        if (this.cache.size >= CACHED_RESULTS) this.cache.delete(this.cache.keys().next().value!);
      }
      this.cache.set(key, found);
      counts[facet] = found;
    }
    return counts;
  }

  caches(): CacheFigures {
    let bytes = 0;
    for (const [key, counts] of this.cache) bytes += 64 + key.length + Object.keys(counts).length * 48;
    return {
      facetColumns: { entries: this.loaded ? this.size : 0, bytes: this.loaded?.bytes ?? 0 },
      facetCounts: { entries: this.cache.size, bytes },
    };
  }

  /** Frees the columns and counts (the connection is closing). */
  close(): void {
    this.loaded = null;
    this.cache.clear();
  }

  private columns(): FacetColumns {
    this.loaded ??= new FacetColumns(this.db, this.size);
    return this.loaded;
  }
}
