// The profile page a Place's profileUrl points to: server-rendered, escaped HTML with LodgingBusiness JSON-LD.
import type { Place } from '../../model/place.ts';
import { escapeHtml, isLinkable, jsonForScript, renderDocument } from './html.ts';
import { placeJsonLd } from './place-json-ld.ts';

const text = (value: string | number | null): string => (value === null ? '' : escapeHtml(String(value)));

function link(url: string | null, label: string): string {
  if (url === null) return '';
  return isLinkable(url) ? `<a href="${escapeHtml(url)}" rel="nofollow noopener noreferrer">${escapeHtml(label)}</a>` : text(url);
}

function row(term: string, html: string): string {
  return html === '' ? '' : `<dt>${escapeHtml(term)}</dt><dd>${html}</dd>\n`;
}

function openingHours(place: Place): string {
  if (!place.openingHours) return '';
  const days = Object.entries(place.openingHours).map(([day, ranges]) => {
    const times = ranges.length === 0 ? 'closed' : ranges.map((r) => `${r.open}–${r.close}`).join(', ');
    return `${escapeHtml(day)}: ${escapeHtml(times)}`;
  });
  return days.join('<br>');
}

export function renderPlacePage(place: Place): string {
  const a = place.address;
  const address = [a.street, a.postalCode, a.city, a.state, a.country?.toUpperCase() ?? null]
    .filter((part): part is string => part !== null && part !== '')
    .map(escapeHtml)
    .join(', ');
  const phones = [place.phone, ...place.additionalPhones.map((p) => p.phone)].filter((p): p is string => p !== null);
  const rating =
    place.rating === null
      ? ''
      : `${text(place.rating)} / 5${place.reviewCount === null ? '' : ` (${text(place.reviewCount)} reviews)`} <small>from the listing provider</small>`;
  const title = place.name ?? place.legalName ?? 'Place to stay';
  const body = `<main>
<h1>${escapeHtml(title)}</h1>
<p><small>${escapeHtml(place.primaryType ?? place.lodgingType)}</small></p>
<dl>
${row('Legal name', text(place.legalName))}${row('Address', address)}${row('Phone', phones.map(escapeHtml).join(', '))}${row('E-mail', text(place.email))}${row('Website', link(place.website, place.website ?? ''))}${row('Map', link(place.sourceMapsUrl, 'View on the listing provider’s map'))}${row('Categories', place.lodgingTypes.map(escapeHtml).join(', '))}${row('Rating', rating)}${row('Opening hours', openingHours(place))}</dl>
<p><small>A directory record only: no availability, prices or booking. Ratings come from a third-party listing provider.</small></p>
</main>`;
  const head = `<link rel="canonical" href="${escapeHtml(place.profileUrl)}">
<script type="application/ld+json">${jsonForScript(placeJsonLd(place))}</script>
`;
  return renderDocument(title, body, head);
}

export function renderNotFoundPage(): string {
  return renderDocument(
    'Place not found',
    '<main><h1>Place not found</h1><p>No published place has this address. It may have closed or been removed from the directory.</p></main>',
  );
}
