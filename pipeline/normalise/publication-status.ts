// The data rules (docs/data-rules.md): decides whether a normalised listing is published, closed, suppressed or rejected, and why.
import type { PublicationStatus } from './normalised-listing.ts';

export interface StatusFacts {
  hasProviderId: boolean;
  hasName: boolean;
  /** The labels name only things that are not places to stay (restaurant, shop…). */
  onlyNonLodgingLabels: boolean;
  /** The address names another country. */
  foreignCountry: string | null;
  businessStatus: string | null;
  /** Suppression-list matches (suppressed-id, suppressed-phone, suppressed-domain). */
  suppressionReasons: readonly string[];
}

export interface StatusDecision {
  status: PublicationStatus;
  /** Every reason found, the deciding one first. */
  reasons: string[];
}

/**
 * Precedence: rejected (not publishable at all) > suppressed (an opt-out outranks everything we could show)
 * > closed > published. All reasons found are kept so the report tells the whole story.
 */
export function decidePublicationStatus(facts: StatusFacts): StatusDecision {
  const rejected: string[] = [];
  if (!facts.hasProviderId) rejected.push('missing-provider-id');
  if (!facts.hasName) rejected.push('missing-name');
  if (facts.onlyNonLodgingLabels) rejected.push('not-lodging');
  if (facts.foreignCountry !== null) rejected.push('foreign-address');
  const suppressed = [...facts.suppressionReasons];
  const closed = facts.businessStatus === 'CLOSED_PERMANENTLY' ? ['closed-permanently'] : [];
  const reasons = [...rejected, ...suppressed, ...closed];
  if (rejected.length > 0) return { status: 'rejected', reasons };
  if (suppressed.length > 0) return { status: 'suppressed', reasons };
  if (closed.length > 0) return { status: 'closed', reasons };
  return { status: 'published', reasons: [] };
}
