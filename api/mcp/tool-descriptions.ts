// What an agent reads about the two tools: the spec's rules in plain words (lodgingType table, consent, paging, ratings).
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_PLACE_ID_LENGTH } from '../../model/limits.ts';

/** The spec's LodgingType table, one line per key. */
const LODGING_TYPE_LINES = [
  '- hotel: hotels, motels, paradores (an aparthotel is apartment, a spa hotel is resort)',
  '- guesthouse: hostales, pensiones, guest houses, posadas',
  '- hostel: hostels, albergues, mountain refuges',
  '- ruralHouse: casas rurales, agroturismo, farm stays',
  '- apartment: tourist apartments, aparthotels, serviced apartments',
  '- holidayHome: holiday homes, villas, chalets, bungalows, cabins',
  '- campsite: campsites and glamping',
  '- bedAndBreakfast: bed and breakfasts',
  '- resort: resorts, spa hotels, holiday villages',
  '- motorhomeArea: motorhome and RV areas',
  '- lodging: catch-all for a place to sleep with no narrower label; as a filter it restricts nothing',
].join('\n');

const WHATSAPP_NOTE =
  'whatsappEligible is a technical reachability signal only: the published number appears able to receive WhatsApp ' +
  'messages. It is NOT consent, an opt-in or permission to message or market to the place; whoever contacts a place ' +
  'is responsible for privacy, electronic-communications and messaging-platform rules.';

const PLACE_NOTES = [
  'Every Place field is always present: null, or an empty list, when nothing is published. Do not infer a missing value ' +
    'from neighbouring fields.',
  WHATSAPP_NOTE,
  'rating and reviewCount come from a third-party listing provider; they are not this service\'s own rating or inspection.',
  'primaryType and lodgingTypes are the provider\'s own labels in the country\'s language; branch on lodgingType instead.',
  'profileUrl is the public page of the place, the link to give a person.',
].join('\n');

export const SEARCH_PLACES_TITLE = 'Search places to stay';

export const SEARCH_PLACES_DESCRIPTION = `Search the Lodging Directory: published places to stay (hotels, guesthouses, hostels, rural houses, apartments, holiday homes, campsites, bed and breakfasts, resorts, motorhome areas), one country per call. It is a directory only: no availability, prices or booking.

Filters: country is required (es Spain, gb United Kingdom, fr France, pt Portugal; fr and pt cover about twenty major cities and nearby lodging). city, q, lodgingType, whatsapp and verified are optional and combine with AND; leave out a filter you do not need.

lodgingType: every place has exactly one, the most specific its categories name:
${LODGING_TYPE_LINES}

Paging: results are ordered by id, at most limit per call (1 to ${MAX_PAGE_LIMIT}, default ${DEFAULT_PAGE_LIMIT}). The result is { places, page: { count, hasMore, nextCursor } }. For the next page call search_places again with exactly the same filters plus cursor = page.nextCursor (limit may change). nextCursor is null and hasMore false on the last page. A cursor used with other filters is refused. Walking to the end returns every match exactly once.

Near a point: near="LAT,LNG" (latitude first) with radius in metres gives the places within that distance, nearest first (ties by id), and distancesMeters beside places (same order). In a map area: bbox="MIN_LNG,MIN_LAT,MAX_LNG,MAX_LAT" (longitude first), in id order; not with near. fields="name,phone" returns each place with id and those fields only.

Order and matching: sort="relevance" (with q: best matches first), "name" (A to Z) or "rating" (best first, unrated last); ties by id, and the cursor keeps the order. match="words" finds places holding every word of q in any order; match="typo" also when a word is mistyped. facets="lodgingType,city" adds counts over the whole result. For a name a person is typing, use suggest_places.

${PLACE_NOTES}`;

export const GET_PLACE_TITLE = 'Get one place';

export const GET_PLACE_DESCRIPTION = `Get one published place of the Lodging Directory by its id (the id field of a search_places result). Returns { place } with the same Place fields as search_places. An id that is unknown, suppressed, closed or no longer published gives an error result saying so; ids are stable, so a stored id can be checked again later.

${PLACE_NOTES}`;

/** get_place's own parameter; the search parameters' notes sit with their rules (query/search-params.ts). */
export const PLACE_ID_NOTE = `A place id from a search_places result (at most ${MAX_PLACE_ID_LENGTH} characters).`;

export const SUGGEST_PLACES_TITLE = 'Suggest places as one types';

export const SUGGEST_PLACES_DESCRIPTION = `Suggestions for what a person has typed so far (q, e.g. "hotel agu" or "aguerre"), one country per call: published places whose name or city words match, whole earlier words and the beginning of the last, accents, case and punctuation ignored, typing mistakes tolerated. Returns { places, scores }: best first, scores from 0 to 1 in the same order; each place holds id, name, lodgingType and address unless fields says otherwise. near="LAT,LNG" puts closer places first among equal matches. Use search_places for filters and paging.

${WHATSAPP_NOTE}`;
