// The OpenAPI 3.1 document served at /openapi.json, version 1.1.0; built from the same constants the code validates with.
import { headers, parameters, responses } from './components.ts';
import { paths } from './paths.ts';
import { schemas } from './schemas.ts';

export const API_VERSION = '1.1.0';

const DESCRIPTION = `A read-only directory of published places to stay in es, gb, fr and pt. No availability, prices or booking.

**Keys.** Send the key in \`X-API-Key\` (canonical) or \`Authorization: Bearer\`. Never in the URL: a key-like query parameter is rejected (400) and never read, logged or echoed. A missing, malformed, unknown or revoked key is a 401: do not retry it.

**Rate limits.** Per key, fixed window (600 requests per 60 s unless configured otherwise). Every response to an authenticated request carries RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy (IETF draft 6); a 429 adds Retry-After. Failed authentication is limited per client address.

**Paging.** Results are ordered by id. \`page.nextCursor\` is opaque, signed, bound to the filters and does not expire.

**Errors.** RFC 9457 \`application/problem+json\`; 400 responses list each invalid parameter in \`errors\`.

**MCP (agent tools).** The same key, as \`Authorization: Bearer\`, also works at \`POST /mcp\` (Model Context Protocol, Streamable HTTP, stateless), under the same per-key rate limit. It exposes three read-only tools: \`search_places\` (the search parameters above, returning a PlacePage), \`get_place\` (\`placeId\`, returning \`{ place }\`) and \`suggest_places\` (as \`GET /api/v1/places/suggest\`), with exactly the JSON the REST endpoints return. MCP is JSON-RPC, not REST, so it is not described as a path here.

**whatsappEligible** is a technical reachability signal, not consent or permission to send messages. Ratings and review counts come from a third-party listing provider.`;

/**
 * servers is relative ("/"): a client resolves it against wherever it fetched this document, so /docs "Try it out"
 * works at http://127.0.0.1:PORT, http://localhost:PORT or behind a proxy alike, without a cross-origin request.
 * publicUrl (LODGING_PUBLIC_URL) is only the contact link.
 */
export function buildOpenApiDocument(publicUrl: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lodging Directory API',
      version: API_VERSION,
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Lodging Directory', url: `${publicUrl}/docs` },
    },
    servers: [{ url: '/', description: 'This server: the address this document was fetched from.' }],
    security: [{ ApiKey: [] }, { Bearer: [] }],
    tags: [
      { name: 'Keys', description: 'The current key.' },
      { name: 'Places', description: 'Search and read published places.' },
      { name: 'Public', description: 'Pages served without a key.' },
      { name: 'Operations', description: 'Health, readiness and this document.' },
    ],
    paths,
    components: {
      schemas,
      parameters,
      headers,
      responses,
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Canonical way to send the key.' },
        Bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The same key as a Bearer token, where no gateway owns the Authorization header; also used by MCP.',
        },
      },
    },
  };
}
