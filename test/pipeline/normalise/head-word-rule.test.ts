// The head-word rule on labels that are NOT in any table: the noun naming the kind wins over qualifiers.
import { describe, expect, it } from 'vitest';
import { LABEL_TABLES } from '../../../pipeline/normalise/bundled-label-tables.ts';
import { labelKey } from '../../../pipeline/normalise/label-key.ts';
import { classifyLabel } from '../../../pipeline/normalise/lodging-type.ts';
import type { LodgingType } from '../../../model/place.ts';

const cases: [string, LodgingType][] = [
  // Spanish: the noun first, then what qualifies it.
  ['Hostal rural con encanto', 'guesthouse'],
  ['Pensión familiar del centro', 'guesthouse'],
  ['Hotel boutique de diseño en el casco antiguo', 'hotel'],
  ['Albergue de peregrinos privado', 'hostel'],
  ['Apartamentos turísticos de lujo', 'apartment'],
  ['Camping familiar con piscina', 'campsite'],
  ['Alojamiento rural con encanto', 'ruralHouse'],
  ['Turismo rural en la sierra', 'ruralHouse'],
  ['Viviendas de uso turístico en la playa', 'holidayHome'],
  ['Hotel termal y de montaña', 'resort'],
  ['Casa de huéspedes en el centro', 'guesthouse'],
  ['Habitaciones con desayuno en casa particular', 'bedAndBreakfast'],
  ['Taberna con habitaciones', 'guesthouse'],
  ['Càmping de muntanya', 'campsite'],
  ['Alberg de la Vall', 'hostel'],
  ['Landetxea Gorbeia', 'ruralHouse'],
  // English: qualifiers before the noun; "with rooms" names lodging only where no noun does.
  ['Family-run country hotel', 'hotel'],
  ['Luxury boutique B&B', 'bedAndBreakfast'],
  ['Traditional coaching inn with rooms', 'guesthouse'],
  ['Tapas bar with rooms', 'guesthouse'],
  ['Dog-friendly holiday cottages', 'holidayHome'],
  ['Independent backpackers hostel', 'hostel'],
  ['Luxury self-catering lodges', 'holidayHome'],
  ['Thermal wellness hotel', 'resort'],
  ['Touring caravan and camping park', 'campsite'],
  ['Serviced apartments in the city centre', 'apartment'],
  // French.
  ["Chambres d'hôtes de charme en Provence", 'bedAndBreakfast'],
  ['Hôtel thermal de luxe', 'resort'],
  ['Gîte de séjour pour randonneurs', 'hostel'],
  ['Camping familial 3 étoiles', 'campsite'],
  ['Résidence de vacances avec piscine', 'apartment'],
  ['Auberge collective du lac', 'hostel'],
  ['Meublés de tourisme en bord de mer', 'holidayHome'],
  ['Hébergement rural en montagne', 'ruralHouse'],
  // Portuguese.
  ['Hotel de charme no centro histórico', 'hotel'],
  ['Alojamento local com piscina', 'holidayHome'],
  ['Quartos para alugar na praia', 'guesthouse'],
  ['Parque de campismo e caravanismo municipal', 'campsite'],
  ['Hotel termal do Gerês', 'resort'],
  ['Pensão residencial familiar', 'guesthouse'],
  ['Casas de turismo rural do Alentejo', 'ruralHouse'],
];

describe('the head-word rule classifies labels no table lists', () => {
  it.each(cases)('%j → %s', (label, key) => {
    const verdict = classifyLabel(label);
    expect(verdict?.key, verdict?.rule).toBe(key);
    expect(verdict?.rule).toMatch(/ (head word|qualifier) /);
  });

  it('none of these labels is an exact entry', () => {
    const exact = new Set(LABEL_TABLES.flatMap((table) => [...table.exact.values()].map((e) => labelKey(e.entry))));
    expect(cases.filter(([label]) => exact.has(labelKey(label)))).toEqual([]);
  });

  it('a qualifier alone with no kind, or a non-lodging noun, is not lodging', () => {
    expect(classifyLabel('Boutique')?.kind).toBe('non-lodging');
    expect(classifyLabel('Escape room')?.kind).toBe('unknown');
    expect(classifyLabel('Restaurante de lujo')?.kind).toBe('unknown');
  });
});
