// Reads the operator's reviewed list of look-alike listings that are different places, kept in the data directory beside the suppression list.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseDistinctPlaces, type DistinctPlacesParse } from '../dedup/distinct-places.ts';

export const DISTINCT_PLACES_FILE_NAME = 'distinct-places.txt';

export function distinctPlacesFilePath(dataDir: string): string {
  return path.join(dataDir, DISTINCT_PLACES_FILE_NAME);
}

/** A missing file is an empty list; a malformed line is an error the caller must surface, never silently skipped. */
export async function loadDistinctPlacesFile(dataDir: string, file = distinctPlacesFilePath(dataDir)): Promise<DistinctPlacesParse> {
  let text = '';
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return parseDistinctPlaces(text);
}
