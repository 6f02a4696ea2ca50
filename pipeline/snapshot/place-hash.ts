// A served place's change hash: what place_hashes holds and the change feed compares between two snapshots.
import { hash } from 'node:crypto';

/** 96 bits of the served JSON's SHA-256, base64url: tells the change feed whether a place changed between two snapshots. */
export function placeContentHash(json: string): string {
  return hash('sha256', json, 'base64url').slice(0, 16); // one-shot: no Hash object per place
}
