// The profile page a Place's profileUrl points to: server-rendered, escaped HTML with LodgingBusiness JSON-LD.
import type { Place } from '../../model/place.ts';
import { escapeHtml, isLinkable, jsonForScript, renderDocument } from './html.ts';
import { displayPhone } from './display-phone.ts';
import { placeJsonLd } from './place-json-ld.ts';

const text = (value: string | number | null): string => (value === null ? '' : escapeHtml(String(value)));

function link(url: string | null, label: string): string {
  if (url === null) return '';
  return isLinkable(url) ? `<a href="${escapeHtml(url)}" rel="nofollow noopener noreferrer">${escapeHtml(label)}</a>` : text(url);
}

/** tel: with the E.164 number, shown in its national format (international when it belongs to another country). */
function phoneLink(e164: string, country: string | null): string {
  return `<a href="tel:${escapeHtml(e164)}">${escapeHtml(displayPhone(e164, country))}</a>`;
}

function emailLink(email: string | null): string {
  if (email === null) return '';
  // The pipeline published it as a valid address; anything odd is shown as text rather than linked.
  return /^[^\s"'<>@]+@[^\s"'<>@]+$/.test(email) ? `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>` : text(email);
}

/** An OpenStreetMap page with a marker at the place's coordinates. */
export function openStreetMapUrl(location: { latitude: number; longitude: number }): string {
  const lat = String(location.latitude);
  const lon = String(location.longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
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
  const country = place.address.country;
  const map = place.location
    ? `<a href="${escapeHtml(openStreetMapUrl(place.location))}" rel="nofollow noopener noreferrer">OpenStreetMap</a>`
    : '';
  const providerMap = link(place.sourceMapsUrl, 'the listing provider’s map');
  const maps = [map, providerMap].filter((html) => html !== '').join(' · ');
  const rating =
    place.rating === null
      ? ''
      : `${text(place.rating)} / 5${place.reviewCount === null ? '' : ` (${text(place.reviewCount)} reviews)`} <small>from the listing provider</small>`;
  const title = place.name ?? place.legalName ?? 'Place to stay';
  const body = `<main>
<h1>${escapeHtml(title)}</h1>
<p><small>${escapeHtml(place.primaryType ?? place.lodgingType)}</small></p>
<dl>
${row('Legal name', text(place.legalName))}${row('Address', address)}${row(phones.length > 1 ? 'Phones' : 'Phone', phones.map((p) => phoneLink(p, country)).join(', '))}${row('E-mail', emailLink(place.email))}${row('Website', link(place.website, place.website ?? ''))}${row('Map', maps)}${row('Categories', place.lodgingTypes.map(escapeHtml).join(', '))}${row('Rating', rating)}${row('Opening hours', openingHours(place))}</dl>
<p><small>A directory record only: no availability, prices or booking.${place.rating === null ? '' : ' The rating comes from a third-party listing provider, not from this directory.'}</small></p>
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
