// The profile page a Place's profileUrl points to: server-rendered, escaped HTML with LodgingBusiness JSON-LD.
import { foldText } from '../../model/fold-text.ts';
import type { Place } from '../../model/place.ts';
import { html, joinHtml } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';
import { isLinkable, jsonForScript, renderDocument } from './html.ts';
import { displayPhone } from './display-phone.ts';
import { lodgingTypeName } from './lodging-type-names.ts';
import { placeJsonLd } from './place-json-ld.ts';

const NOTHING = html``;

function link(url: string | null, label: string): Markup {
  if (url === null) return NOTHING;
  return isLinkable(url) ? html`<a href="${url}" rel="nofollow noopener noreferrer">${label}</a>` : html`${url}`;
}

/** tel: with the E.164 number, shown in its national format (international when it belongs to another country). */
function phoneLink(e164: string, country: string | null): Markup {
  return html`<a href="tel:${e164}">${displayPhone(e164, country)}</a>`;
}

function emailLink(email: string | null): Markup {
  if (email === null) return NOTHING;
  // The pipeline published it as a valid address; anything odd is shown as text rather than linked.
  return /^[^\s"'<>@]+@[^\s"'<>@]+$/.test(email) ? html`<a href="mailto:${email}">${email}</a>` : html`${email}`;
}

/** An OpenStreetMap page with a marker at the place's coordinates. */
export function openStreetMapUrl(location: { latitude: number; longitude: number }): string {
  const lat = String(location.latitude);
  const lon = String(location.longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

function row(term: string, value: Markup): Markup {
  return value.text === '' ? NOTHING : html`<dt>${term}</dt><dd>${value}</dd>\n`;
}

function openingHours(place: Place): Markup {
  if (!place.openingHours) return NOTHING;
  const days = Object.entries(place.openingHours).map(([day, ranges]) => {
    const times = ranges.length === 0 ? 'closed' : ranges.map((r) => `${r.open}–${r.close}`).join(', ');
    return html`${day}: ${times}`;
  });
  return joinHtml(days, html`<br>`);
}

/** Street, postal code, city, region, country; the region is left out when it is the city's own name ("Madrid, Madrid"). */
export function addressParts(a: Place['address']): string[] {
  const region = a.state !== null && a.city !== null && foldText(a.state) === foldText(a.city) ? null : a.state;
  return [a.street, a.postalCode, a.city, region, a.country?.toUpperCase() ?? null].filter((part): part is string => part !== null && part !== '');
}

export function renderPlacePage(place: Place): string {
  const address = joinHtml(addressParts(place.address), ', ');
  const phones = [place.phone, ...place.additionalPhones.map((p) => p.phone)].filter((p): p is string => p !== null);
  const country = place.address.country;
  const map = place.location ? html`<a href="${openStreetMapUrl(place.location)}" rel="nofollow noopener noreferrer">OpenStreetMap</a>` : NOTHING;
  const providerMap = link(place.sourceMapsUrl, 'the listing provider’s map');
  const maps = joinHtml(
    [map, providerMap].filter((part) => part.text !== ''),
    ' · ',
  );
  const rating =
    place.rating === null
      ? NOTHING
      : html`${place.rating} / 5${place.reviewCount === null ? '' : html` (${place.reviewCount} reviews)`} <small>from the listing provider</small>`;
  const title = place.name ?? place.legalName ?? 'Place to stay';
  const body = html`<main>
<h1>${title}</h1>
<p><small>${lodgingTypeName(place.lodgingType)}</small></p>
<dl>
${row('Legal name', html`${place.legalName}`)}${row('Address', address)}${row(phones.length > 1 ? 'Phones' : 'Phone', joinHtml(phones.map((p) => phoneLink(p, country)), ', '))}${row('E-mail', emailLink(place.email))}${row('Website', link(place.website, place.website ?? ''))}${row('Map', maps)}${row('Categories', joinHtml(place.lodgingTypes, ', '))}${row('Rating', rating)}${row('Opening hours', openingHours(place))}</dl>
<p><small>A directory record only: no availability, prices or booking.${place.rating === null ? '' : ' The rating comes from a third-party listing provider, not from this directory.'}</small></p>
</main>`;
  const head = html`<link rel="canonical" href="${place.profileUrl}">
<script type="application/ld+json">${jsonForScript(placeJsonLd(place))}</script>
`;
  return renderDocument(title, body, head);
}

/** `kept`: the address is a duplicate's, and the place is published under this id. */
export function renderNotFoundPage(kept: { id: string; profileUrl: string } | null = null): string {
  if (kept) {
    return renderDocument(
      'Place not found',
      html`<main><h1>Place not found</h1><p>This listing is the same place as another one, published at <a href="${kept.profileUrl}">its own page</a> (${kept.id}).</p></main>`,
      html`<link rel="canonical" href="${kept.profileUrl}">`,
    );
  }
  return renderDocument(
    'Place not found',
    html`<main><h1>Place not found</h1><p>No published place has this address. It may have closed or been removed from the directory.</p></main>`,
  );
}
