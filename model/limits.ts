// Every limit of the public contract, one home: the pipeline enforces them, REST and MCP validate with them, OpenAPI
// and the MCP schemas state them. Change a number here and every surface follows (and the tests of each say so).

/** Further distinct valid numbers kept in Place.additionalPhones (CONTRACT §2); more are dropped and reported. */
export const MAX_ADDITIONAL_PHONES = 20;

/** Provider category labels kept in Place.lodgingTypes; more are dropped and reported. */
export const MAX_LODGING_LABELS = 50;

/** A place id's length in characters; longer or unsafe ids are hashed by the pipeline, refused by the API. */
export const MAX_PLACE_ID_LENGTH = 300;

/** City slugs: lower-case ASCII words joined by single hyphens ("A Coruña" → "a-coruna"). */
export const CITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The `q` search text, in characters. */
export const MAX_Q_LENGTH = 100;

/** A page cursor, in characters. */
export const MAX_CURSOR_LENGTH = 2048;

/** Places per page: default and maximum of `limit`. */
export const DEFAULT_PAGE_LIMIT = 25;
export const MAX_PAGE_LIMIT = 100;

/** A published URL (website, sourceMapsUrl), in characters. */
export const MAX_URL_LENGTH = 2048;

/** The listing provider's rating scale. */
export const MIN_RATING = 0;
export const MAX_RATING = 5;
