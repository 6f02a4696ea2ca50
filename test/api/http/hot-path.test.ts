// Which requests run ahead of Express's router: only the plainest searches and lookups; every other spelling goes to the routers.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isHotRequest } from '../../../api/http/hot-path.ts';

const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;

describe('isHotRequest', () => {
  it.each([
    ['GET', '/api/v1/places'],
    ['GET', '/api/v1/places?country=es&city=madrid&lodgingType=hotel'],
    ['HEAD', '/api/v1/places?country=es'],
    ['GET', '/api/v1/places/es-mad-000001'],
    ['GET', '/api/v1/places/es-mad-000001?fields=name'],
    ['HEAD', '/api/v1/places/es.a_b~c-1'],
  ])('takes %s %s', (method, url) => {
    expect(isHotRequest(request(method, url))).toBe(true);
  });

  it.each([
    ['POST', '/api/v1/places'],
    ['OPTIONS', '/api/v1/places'],
    ['DELETE', '/api/v1/places/es-mad-000001'],
    ['GET', '/api/v1/places/'],
    ['GET', '/api/v1/places/suggest?country=es&q=ma'],
    ['GET', '/api/v1/places/es%2Dmad-000001'],
    ['GET', '/api/v1/places/es-mad-000001/'],
    ['GET', '/api/v1/Places/es-mad-000001'],
    ['GET', '/api/v1/places/es-mad-000001/photos'],
    ['GET', '/api/v1/placesX'],
    ['GET', '/api/v1/key'],
    ['GET', '/places/es-mad-000001'],
  ])('leaves %s %s to the routers', (method, url) => {
    expect(isHotRequest(request(method, url))).toBe(false);
  });
});
