// What the API reads through: each country's current snapshot, swapped for a newer one when its pointer moves.
import { countryOfPlaceId } from '../normalise/place-id.ts';
import { COUNTRY_CODES, type CountryCode, type StoredPlace } from '../../model/place.ts';
import { openSnapshotConnection, type SnapshotConnection } from './snapshot-connection.ts';
import { snapshotPath } from './snapshot-paths.ts';
import { pointerStamp, readPointer } from './snapshot-pointer.ts';
import { snapshotChanges } from './snapshot-changes.ts';
import { DiffCache } from './diff-cache.ts';
import type { CacheFigures, SearchQuery, SearchResult, SearchRows, SnapshotInfo, SnapshotReader, SuggestQuery, SuggestRows } from './reader-types.ts';

export interface SnapshotReaderOptions {
  /** A pointer or snapshot that could not be opened; the country keeps its previous snapshot meanwhile. */
  onError?: (error: unknown, country: CountryCode) => void;
}

interface Slot {
  /** The pointer file this connection was opened from (see pointerStamp). */
  stamp: string;
  connection: SnapshotConnection;
}

export function openSnapshotReader(dataDir: string, options: SnapshotReaderOptions = {}): SnapshotReader {
  const slots = new Map<CountryCode, Slot>();
  /** Pointers that could not be used: tried again only once they change, so a bad one is reported once. */
  const failedStamps = new Map<CountryCode, string>();
  let closed = false;
  /** Diffs between kept versions, walked once: snapshot files never change, so an entry holds until it is evicted. */
  const diffs = new DiffCache();

  const assertOpen = (): void => {
    if (closed) throw new Error('snapshot reader is closed');
  };

  /** Swaps in the country's pointed snapshot when the pointer moved; on any failure keeps what it has. */
  const refreshCountry = (country: CountryCode): boolean => {
    const slot = slots.get(country);
    let stamp: string | null = null;
    try {
      stamp = pointerStamp(dataDir, country);
      if (stamp === (slot?.stamp ?? null) || stamp === failedStamps.get(country)) return false;
      failedStamps.delete(country);
      if (stamp === null) {
        if (!slot) return false;
        slots.delete(country);
        slot.connection.close();
        return true;
      }
      const info = readPointer(dataDir, country);
      if (info === null) return false; // removed since the stat: the next refresh sees it gone
      if (slot && slot.connection.info.version === info.version) {
        slot.stamp = stamp;
        return false;
      }
      const connection = openSnapshotConnection(snapshotPath(dataDir, country, info.version), info);
      // Synchronous: no query of this thread is running on the old connection while it is swapped out.
      slots.set(country, { stamp, connection });
      slot?.connection.close();
      return true;
    } catch (error) {
      if (stamp !== null) failedStamps.set(country, stamp);
      options.onError?.(error, country);
      return false;
    }
  };

  const refresh = (): boolean => {
    assertOpen();
    let changed = false;
    for (const country of COUNTRY_CODES) changed = refreshCountry(country) || changed;
    return changed;
  };

  refresh();

  const searchRows = (query: SearchQuery): SearchRows => {
    assertOpen();
    const slot = slots.get(query.country);
    return slot ? { ...slot.connection.searchRows(query), version: slot.connection.info.version } : { rows: [], hasMore: false };
  };

  const suggest = (query: SuggestQuery): SuggestRows => {
    assertOpen();
    const slot = slots.get(query.country);
    return slot ? { ...slot.connection.suggest(query), version: slot.connection.info.version } : { rows: [], scores: [] };
  };

  const getPlaceJson = (id: string): string | null => {
    assertOpen();
    const country = countryOfPlaceId(id);
    return country === null ? null : (slots.get(country)?.connection.getPlaceJson(id) ?? null);
  };

  return {
    search(query: SearchQuery): SearchResult {
      const { rows, hasMore } = searchRows(query);
      return { places: rows.map((row) => JSON.parse(row.json) as StoredPlace), hasMore };
    },
    searchRows,
    suggest,
    getPlace(id: string): StoredPlace | null {
      const json = getPlaceJson(id);
      return json === null ? null : (JSON.parse(json) as StoredPlace);
    },
    getPlaceJson,
    keptIdOf(id: string): string | null {
      assertOpen();
      const country = countryOfPlaceId(id);
      return country === null ? null : (slots.get(country)?.connection.keptIdOf(id) ?? null);
    },
    changes(country, from, to, afterId, limit, options = {}) {
      assertOpen();
      return snapshotChanges(dataDir, country, from, to, afterId, limit, diffs, options);
    },
    countryOfId: (id) => countryOfPlaceId(id),
    current(): Partial<Record<CountryCode, SnapshotInfo>> {
      assertOpen();
      const infos: Partial<Record<CountryCode, SnapshotInfo>> = {};
      for (const [country, slot] of slots) infos[country] = slot.connection.info;
      return infos;
    },
    versionOf(country: CountryCode): string | null {
      assertOpen();
      return slots.get(country)?.connection.info.version ?? null;
    },
    refresh,
    caches() {
      assertOpen();
      const figures: Partial<Record<CountryCode, CacheFigures>> = {};
      for (const [country, slot] of slots) figures[country] = slot.connection.caches();
      return figures;
    },
    close(): void {
      if (closed) return;
      closed = true;
      for (const slot of slots.values()) slot.connection.close();
      slots.clear();
    },
  };
}
