// Which way pointing a country at a kept snapshot goes: back to an older publication, or forward to a newer one.

export type MoveDirection = 'back' | 'forward';

/**
 * Snapshot versions begin with their UTC build time (20261127T163853721Z-…), so a later version is a newer snapshot.
 * A country that served nothing moves back to what it served before.
 */
export function moveDirection(from: string | null, to: string): MoveDirection {
  return from !== null && to > from ? 'forward' : 'back';
}

/** The move as a person reads it: "rolled back", "rolled forward". */
export const MOVED: Record<MoveDirection, string> = { back: 'rolled back', forward: 'rolled forward' };
/** The move as a noun: "a rollback", "a roll forward". */
export const MOVE_NOUN: Record<MoveDirection, string> = { back: 'rollback', forward: 'roll forward' };
