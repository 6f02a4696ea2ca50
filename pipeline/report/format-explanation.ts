// Renders `lodging explain` for a person: the status and why, which label chose the type, what was dropped.
import type { ListingExplanation } from '../normalise/normalise-listing.ts';

export function formatExplanation({ listing, classification, duplicateOf }: ListingExplanation & { duplicateOf?: { file: string; line: number } }): string {
  const out: string[] = [];
  out.push(`${listing.source.file}:${listing.source.line}  providerId ${JSON.stringify(listing.providerId)}  id ${listing.place.id || '(none)'}`);
  out.push('');
  out.push(`status: ${listing.status}${listing.reasons.length ? `  (${listing.reasons.join(', ')})` : ''}`);
  if (duplicateOf) {
    out.push(`  same providerId as ${duplicateOf.file}:${duplicateOf.line}: that earlier line keeps the id, this one is rejected (what the import report says)`);
  }
  out.push('');
  out.push(`lodgingType: ${listing.place.lodgingType}`);
  if (classification.chosenBy) {
    out.push(`  chosen by label ${JSON.stringify(classification.chosenBy.label)} via ${classification.chosenBy.rule ?? 'a table rule'}`);
  } else {
    out.push('  no label names a kind of lodging: the catch-all `lodging`');
  }
  for (const verdict of classification.verdicts) {
    const key = verdict.key ? ` → ${verdict.key}` : '';
    out.push(`  label ${JSON.stringify(verdict.label)}: ${verdict.kind}${key}${verdict.rule ? ` (${verdict.rule})` : ''}`);
  }
  if (classification.onlyNonLodging) out.push('  every recognised label names something that is not a place to stay');
  out.push('');
  if (listing.issues.length === 0) out.push('values dropped or repaired: none');
  else {
    out.push('values dropped or repaired:');
    for (const issue of listing.issues) {
      const value = issue.value !== undefined ? ` ${JSON.stringify(issue.value)}` : '';
      out.push(`  ${issue.field}: ${issue.code}${value}${issue.detail ? ` (${issue.detail})` : ''}`);
    }
  }
  out.push('');
  out.push('record:');
  out.push(JSON.stringify({ ...listing.place, citySlug: listing.citySlug }, null, 2).replace(/^/gm, '  '));
  return `${out.join('\n')}\n`;
}
