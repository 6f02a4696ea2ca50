// createMcpServer: an McpServer with the two read-only tools, each a few lines over THE query service REST uses.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { ApiError, isInvalidParameters } from '../errors.ts';
import { API_VERSION } from '../openapi/openapi-document.ts';
import type { QueryService } from '../query/query-service.ts';
import { validateSearchParams } from '../query/search-params.ts';
import { placePageSchema, placeResponseSchema } from './place-output-schema.ts';
import {
  GET_PLACE_DESCRIPTION,
  GET_PLACE_TITLE,
  SEARCH_PLACES_DESCRIPTION,
  SEARCH_PLACES_TITLE,
} from './tool-descriptions.ts';
import { getPlaceInput, searchPlacesInput } from './tool-input-schemas.ts';

export interface McpServerDeps {
  query: QueryService;
  logger: Logger;
}

const SERVER_INSTRUCTIONS =
  'A read-only directory of published places to stay in Spain (es), the United Kingdom (gb), France (fr) and ' +
  'Portugal (pt). Use search_places to find places (page with page.nextCursor) and get_place for one id. ' +
  'No availability, prices or booking. whatsappEligible is not consent to message a place.';

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const NOT_PUBLISHED =
  'No published place has this placeId: it is unknown, suppressed, closed or no longer published. ' +
  'Use the id of a place from a search_places result.';

function toToolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The same JSON twice: structured for clients that read outputSchema, text for those that only show content. */
function toToolResult(value: Record<string, unknown>): CallToolResult {
  return { structuredContent: value, content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** Query failures become tool error results (the agent can correct itself), never protocol errors. */
function runTool(tool: string, logger: Logger, produce: () => CallToolResult): CallToolResult {
  try {
    return produce();
  } catch (error) {
    if (isInvalidParameters(error)) {
      // REST's messages follow the parameter name ("cursor belongs to a search with other filters; …").
      const problems = error.errors.map((e) => `${e.parameter} ${e.message}`).join('; ');
      return toToolError(`Invalid arguments for tool ${tool}: ${problems}`);
    }
    if (error instanceof ApiError) return toToolError(error.message);
    logger.error({ err: error, tool }, 'mcp tool failed');
    return toToolError('Something went wrong on our side; try again shortly.');
  }
}

export function createMcpServer(deps: McpServerDeps): McpServer {
  const { query, logger } = deps;
  const server = new McpServer(
    { name: 'lodging-directory', title: 'Lodging Directory', version: API_VERSION },
    { instructions: SERVER_INSTRUCTIONS },
  );

  server.registerTool(
    'search_places',
    {
      title: SEARCH_PLACES_TITLE,
      description: SEARCH_PLACES_DESCRIPTION,
      inputSchema: searchPlacesInput,
      outputSchema: placePageSchema,
      annotations: READ_ONLY,
    },
    (args) => runTool('search_places', logger, () => toToolResult({ ...query.search(validateSearchParams(args)) })),
  );

  server.registerTool(
    'get_place',
    {
      title: GET_PLACE_TITLE,
      description: GET_PLACE_DESCRIPTION,
      inputSchema: getPlaceInput,
      outputSchema: placeResponseSchema,
      annotations: READ_ONLY,
    },
    ({ placeId }) =>
      runTool('get_place', logger, () => {
        const place = query.getPlace(placeId);
        return place ? toToolResult({ place }) : toToolError(NOT_PUBLISHED);
      }),
  );

  return server;
}
