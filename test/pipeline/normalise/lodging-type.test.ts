// classifyLodgingType: every label the real exports and the spec name, plurals, accents, mixed languages,
// quality and non-lodging labels, and the most-specific-wins rule.
import { describe, expect, it } from 'vitest';
import type { LodgingType } from '../../../model/place.ts';
import { classifyLabel, classifyLodgingType } from '../../../pipeline/normalise/lodging-type.ts';

describe('one lodging label names its key', () => {
  const cases: [string, LodgingType][] = [
    // Labels seen in the real exports.
    ['Camping', 'campsite'],
    ['Campings', 'campsite'],
    ['Albergues', 'hostel'],
    ['Albergue', 'hostel'],
    ['Agroturismos', 'ruralHouse'],
    ['Casas Rurales', 'ruralHouse'],
    ['Casa rural', 'ruralHouse'],
    ['Hoteles', 'hotel'],
    ['Hotel', 'hotel'],
    ['Hotel rural', 'ruralHouse'],
    ['Hostales', 'guesthouse'],
    ['Pensiones', 'guesthouse'],
    ['Pensión', 'guesthouse'],
    ['Apartahoteles', 'apartment'],
    ['Apartahotel', 'apartment'],
    ['Apartamento', 'apartment'],
    ['Residencias universitarias', 'lodging'],
    ['Multipropiedad (time-share)', 'apartment'],
    ['Comunidad de propietarios', 'apartment'],
    ['Bungalow', 'holidayHome'],
    ['Parador', 'hotel'],
    ['Hôtel', 'hotel'],
    ['Bed & breakfast', 'bedAndBreakfast'],
    // Examples of the data rules.
    ['Hostal', 'guesthouse'],
    ['Aparthotel', 'apartment'],
    ['Hotel balneario', 'resort'],
    ['Spa hotel', 'resort'],
    ['Posada', 'guesthouse'],
    ['Motel', 'hotel'],
    ['Hostel', 'hostel'],
    ['Refugio de montaña', 'hostel'],
    ['Glamping', 'campsite'],
    // Case, accents, punctuation, spacing, plurals.
    ['HOTEL', 'hotel'],
    ['hôtel', 'hotel'],
    ['Hôtels', 'hotel'],
    ['Hotéis', 'hotel'],
    ['  hotel  ', 'hotel'],
    ['B&B', 'bedAndBreakfast'],
    ['B&Bs', 'bedAndBreakfast'],
    ['Bed and Breakfast', 'bedAndBreakfast'],
    ['BED & BREAKFASTS', 'bedAndBreakfast'],
    ['Guest house', 'guesthouse'],
    ['guesthouse', 'guesthouse'],
    ['Guest-Houses', 'guesthouse'],
    ['Apart-hotel', 'apartment'],
    ['Apart hotel', 'apartment'],
    ['Casarural', 'ruralHouse'],
    ['casas  rurales', 'ruralHouse'],
    ['Pensões', 'guesthouse'],
    ['Campings-cars', 'motorhomeArea'],
    // Every language's table, whatever the listing.
    ['Villa', 'holidayHome'],
    ['Chalet', 'holidayHome'],
    ['Cabaña', 'holidayHome'],
    ['Cabin', 'holidayHome'],
    ['Gîte', 'holidayHome'],
    ['Gîtes de France', 'holidayHome'],
    ["Gîte d'étape", 'hostel'],
    ["Chambre d'hôtes", 'bedAndBreakfast'],
    ["Chambres d'hôtes", 'bedAndBreakfast'],
    ['Alojamento local', 'holidayHome'],
    ['Turismo rural', 'ruralHouse'],
    ['Turismo de habitação', 'ruralHouse'],
    ['Casa de campo', 'ruralHouse'],
    ['Quinta', 'ruralHouse'],
    ['Parque de campismo', 'campsite'],
    ['Parques de campismo', 'campsite'],
    ['Área de serviço de autocaravanas', 'motorhomeArea'],
    ['Área de autocaravanas', 'motorhomeArea'],
    ['Aire de camping-car', 'motorhomeArea'],
    ['Motorhome stopover', 'motorhomeArea'],
    ['Holiday village', 'resort'],
    ['Village vacances', 'resort'],
    ['Resort', 'resort'],
    ['Youth hostel', 'hostel'],
    ['Auberge de jeunesse', 'hostel'],
    ['Pousada de juventude', 'hostel'],
    ['Pousada', 'hotel'],
    ['Refuge', 'hostel'],
    ['Serviced apartment', 'apartment'],
    ['Holiday home', 'holidayHome'],
    ['Holiday park', 'campsite'],
    ['Caravan park', 'campsite'],
    ['Inn', 'guesthouse'],
    ['Lodge', 'lodging'],
    ['Bungalows', 'holidayHome'],
    ['Vivienda de uso turístico', 'holidayHome'],
    ['Vivienda vacacional', 'holidayHome'],
    ['Apartamentos turísticos', 'apartment'],
    ['Hotel-apartamento', 'apartment'],
    ['Residence de tourisme', 'apartment'],
    ["Appart'hôtel", 'apartment'],
    ['Alojamiento', 'lodging'],
    ['Accommodation', 'lodging'],
    ['Lodging', 'lodging'],
    ['Hébergement', 'lodging'],
    ['Alojamento', 'lodging'],
    // Keyword rules: labels no exact entry lists.
    ['Camping municipal', 'campsite'],
    ['Glampings de lujo', 'campsite'],
    ['Área de autocaravanas municipal', 'motorhomeArea'],
    ['Parking camper', 'motorhomeArea'],
    ['Hotel con encanto', 'hotel'],
    ['Hotel restaurante', 'hotel'],
    ['Hôtel-restaurant', 'hotel'],
    ['Hostal-restaurante', 'guesthouse'],
    ['Boutique hotels', 'hotel'],
    ['Hotel spa', 'resort'],
    ['Apartamentos rurales', 'apartment'],
    ['Albergue juvenil municipal', 'hostel'],
    ['Pub with rooms', 'guesthouse'],
  ];
  it.each(cases)('%j → %s', (label, key) => {
    const result = classifyLodgingType([label]);
    expect(result.lodgingType).toBe(key);
    expect(result.chosenBy?.label).toBe(label);
    expect(result.unknownLabels).toEqual([]);
  });
});

describe('quality-class labels are known and ignored', () => {
  const labels = [
    '4 estrellas',
    '1 estrella',
    '5 estrellas Gran Lujo',
    '2 palmeras',
    '1 Palmera',
    '2 Palmeras',
    '3 llaves',
    '1 llave',
    'Segunda categoría',
    '1ª categoría',
    '3 étoiles',
    '1 étoiles',
    '4 stars',
    '3 estrelas',
  ];
  it.each(labels)('%j', (label) => {
    expect(classifyLabel(label)?.kind).toBe('quality');
    const result = classifyLodgingType(['Hoteles', label]);
    expect(result.lodgingType).toBe('hotel');
    expect(result.unknownLabels).toEqual([]);
    expect(result.onlyNonLodging).toBe(false);
  });

  it('a listing with only quality labels is lodging, not rejected', () => {
    expect(classifyLodgingType(['4 estrellas'])).toMatchObject({ lodgingType: 'lodging', chosenBy: null, onlyNonLodging: false });
  });
});

describe('the most specific key the labels name wins', () => {
  const cases: [string[], LodgingType][] = [
    [['Hotel', 'Apartahotel'], 'apartment'],
    [['Apartahotel', 'Hotel'], 'apartment'],
    [['Hotel', 'Spa hotel'], 'resort'],
    [['Camping', 'Área de autocaravanas'], 'motorhomeArea'],
    [['Camping', 'Bungalows'], 'campsite'],
    [['Hostal', 'Hotel'], 'guesthouse'],
    [['Alojamiento', 'Hotel'], 'hotel'],
    [['Hotel', 'Hotel rural'], 'ruralHouse'],
    [['Albergue', 'Pensión'], 'hostel'],
    [['Hôtel', 'Bed & breakfast', '3 étoiles'], 'bedAndBreakfast'],
    [['Hotel', 'Hébergement', 'Parque de campismo'], 'campsite'],
    [[], 'lodging'],
  ];
  it.each(cases)('%j → %s', (labels, key) => {
    expect(classifyLodgingType(labels).lodgingType).toBe(key);
  });

  it('chosenBy is the first label naming the winning key', () => {
    const result = classifyLodgingType(['Hotel', 'Camping', 'Campings']);
    expect(result.chosenBy).toMatchObject({ label: 'Camping', kind: 'lodging', key: 'campsite', rule: 'es exact "Camping"' });
  });
});

describe('verdicts say which table entry decided', () => {
  const cases: [string, string | undefined][] = [
    ['Hoteles', 'es exact "Hotel"'],
    ['Bed and Breakfast', 'en exact "Bed & breakfast"'],
    ['Camping del río', 'es head word "camping"'],
    ['3 étoiles', 'fr quality "^\\d+ étoiles?$"'],
    ['Restaurante', 'es non-lodging "Restaurante"'],
    ['Escape room', undefined],
  ];
  it.each(cases)('%j → %s', (label, rule) => {
    expect(classifyLabel(label)?.rule).toBe(rule);
  });
});

describe('unknown and empty labels', () => {
  it('reports unknown labels as given, distinct, and publishes the listing as lodging', () => {
    const result = classifyLodgingType(['Escape room', 'Parque acuático', 'Escape room']);
    expect(result).toMatchObject({ lodgingType: 'lodging', chosenBy: null, onlyNonLodging: false });
    expect(result.unknownLabels).toEqual(['Escape room', 'Parque acuático']);
  });

  it('reports unknown labels beside known ones', () => {
    const result = classifyLodgingType(['Hotel', 'Parque acuático']);
    expect(result.lodgingType).toBe('hotel');
    expect(result.unknownLabels).toEqual(['Parque acuático']);
  });

  it.each(['', '   ', '-', '***'])('ignores %j: no verdict, not unknown', (label) => {
    const result = classifyLodgingType([label, 'Hotel']);
    expect(result.verdicts.map((verdict) => verdict.label)).toEqual(['Hotel']);
    expect(result.unknownLabels).toEqual([]);
  });
});

describe('onlyNonLodging', () => {
  const cases: [string[], boolean][] = [
    [['Restaurante'], true],
    [['Restaurant', 'Bar'], true],
    [['Restaurantes', 'Cafeterías'], true],
    [['Restaurante', '4 estrellas'], true],
    [['Gas station', 'Pharmacy', 'Gym', 'Museum', 'Office', 'Parking', 'School'], true],
    [['Tienda', 'Supermercado', 'Colegio', 'Escuela', 'Gasolinera', 'Farmacia', 'Gimnasio', 'Museo'], true],
    [['Boulangerie', 'Supermarché', 'École', 'Pharmacie', 'Musée'], true],
    [['Loja', 'Escola', 'Farmácia', 'Ginásio', 'Museu', 'Estacionamento'], true],
    [['Restaurante', 'Hotel'], false],
    [['Hotel restaurante'], false],
    [['Restaurante', 'Escape room'], false],
    [['Restaurante', 'Alojamiento'], false],
    [['4 estrellas'], false],
    [[], false],
  ];
  it.each(cases)('%j → %s', (labels, expected) => {
    expect(classifyLodgingType(labels).onlyNonLodging).toBe(expected);
  });
});

describe('results are stable across calls (the verdict cache)', () => {
  it('gives the same classification twice and keeps cached verdicts unmodifiable', () => {
    const first = classifyLodgingType(['Hoteles', 'Hostales']);
    const second = classifyLodgingType(['Hoteles', 'Hostales']);
    expect(second).toEqual(first);
    expect(Object.isFrozen(second.verdicts[0])).toBe(true);
  });
});
