// The read API's two hot answers, a search page and a place by id, each kept by URL for the snapshot version that gave it.
import type { Request, Response } from 'express';
import { ApiError } from '../errors.ts';
import type { QueryService } from '../query/query-service.ts';
import { AnswerCache } from './answer-cache.ts';
import { answerOf, sendAnswer } from './conditional-response.ts';
import { placeForm, searchForm } from './request-forms.ts';
import { parseGetRequest, parseSearchRequest } from './search-request.ts';

export interface PlaceHandlers {
  /** GET /api/v1/places. */
  search(req: Request, res: Response): void;
  /** GET /api/v1/places/{placeId}, the id as the path names it (decoded). */
  place(req: Request, res: Response, placeId: string): void;
}

/**
 * A kept answer is what the same URL got from the same snapshot: the rest of the request (key, limit, log, headers)
 * runs as for any other, and an error (a bad parameter, 404) is never kept, so it is worked out again every time.
 */
export function createPlaceHandlers(query: QueryService): PlaceHandlers {
  const answers = new AnswerCache((country) => query.currentVersion(country));
  return {
    search(req, res) {
      const url = req.originalUrl;
      let answer = answers.get(url);
      if (answer === undefined) {
        const params = parseSearchRequest(url);
        answer = answerOf(query.searchServed(params), { requestForm: searchForm(params) });
        answers.keep(url, params.country, answer);
      }
      sendAnswer(req, res, answer);
    },
    place(req, res, placeId) {
      const url = req.originalUrl;
      let answer = answers.get(url);
      if (answer === undefined) {
        const fields = parseGetRequest(url);
        const served = query.getPlaceServed(placeId, fields);
        if (served === null) {
          // A duplicate of a place served under another id: still 404 (not published), with the kept id's link.
          const kept = query.keptPlaceOf(placeId);
          if (kept === null) throw new ApiError('not-found', 'No published place has this id.');
          res.setHeader('Link', `<${kept.apiUrl}>; rel="canonical"`);
          throw new ApiError('not-found', `No published place has this id: it is the same place as ${kept.id}, published under that id.`);
        }
        answer = answerOf(served, { requestForm: placeForm(placeId, fields) });
        answers.keep(url, query.countryOfId(placeId), answer);
      }
      sendAnswer(req, res, answer);
    },
  };
}
