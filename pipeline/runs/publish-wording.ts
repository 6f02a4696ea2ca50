// How a run names its publishable places: "published" only once its snapshot went live, "would publish" while it waits or runs, "candidate" after it was dropped.
import type { RunOutcome, RunRecord } from './run-record.ts';

const num = (n: number) => n.toLocaleString('en-GB');

/** Where a run's places stand: served, still waiting (running or held), or dropped unserved (discarded, expired, superseded, failed). */
export type PublicationStanding = 'served' | 'waiting' | 'dropped';

export function standingOf(outcome: RunOutcome): PublicationStanding {
  if (outcome === 'published') return 'served';
  return outcome === 'running' || outcome === 'refused' || outcome === 'dry-run' ? 'waiting' : 'dropped';
}

/** "665 published", "would publish 665", "665 candidates (not published)". */
export function publishedCountText(outcome: RunOutcome, count: number): string {
  const standing = standingOf(outcome);
  return standing === 'served' ? `${num(count)} published` : standing === 'waiting' ? `would publish ${num(count)}` : `${num(count)} candidates (not published)`;
}

/** "the 665 published places", "the 665 places it would publish", "the 665 candidate places (not published)". */
export function publishedPlacesText(outcome: RunOutcome, count: number): string {
  const standing = standingOf(outcome);
  return standing === 'served' ? `the ${num(count)} published places` : standing === 'waiting' ? `the ${num(count)} places it would publish` : `the ${num(count)} candidate places (not published)`;
}

/** A status or heading word for the places of a run: "published", "would publish", "candidates". */
export function publishedWord(outcome: RunOutcome): string {
  const standing = standingOf(outcome);
  return standing === 'served' ? 'published' : standing === 'waiting' ? 'would publish' : 'candidates';
}

/**
 * The counts of a run as `--json` gives them: `publishedCount` is what this run made the API serve (0 when it was
 * refused, a dry run, held or discarded), `candidateCount` what its candidate would serve (always present).
 */
export function publicationCounts(outcome: RunOutcome, candidateCount: number): { publishedCount: number; candidateCount: number } {
  return { publishedCount: outcome === 'published' ? candidateCount : 0, candidateCount };
}

/** A run record as `lodging runs --json` prints it: its candidate's `publishedCount` is what went live (0 unless published), beside `candidateCount`. */
export function runAsJson(run: RunRecord): RunRecord {
  if (!run.candidate) return run;
  return { ...run, candidate: { ...run.candidate, ...publicationCounts(run.outcome, run.candidate.publishedCount) } };
}
