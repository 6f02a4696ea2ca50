// createMcpServer: the SDK's Server with the read-only tools, validated by REST's own rules over THE query service REST uses.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { ApiError, invalidParameter, invalidParameters, isInvalidParameters } from '../errors.ts';
import { inlineSchemaOf } from '../openapi/json-schema-from-zod.ts';
import { API_VERSION } from '../openapi/openapi-document.ts';
import type { QueryService } from '../query/query-service.ts';
import { validateFields, validatePlaceId, validateSearchParams } from '../query/search-params.ts';
import {
  GET_PLACE_DESCRIPTION,
  GET_PLACE_TITLE,
  SEARCH_PLACES_DESCRIPTION,
  SEARCH_PLACES_TITLE,
  SUGGEST_PLACES_DESCRIPTION,
  SUGGEST_PLACES_TITLE,
} from './tool-descriptions.ts';
import { getPlaceInput, searchPlacesInput, suggestPlacesInput } from './tool-input-schemas.ts';
import { getPlaceOutput, searchPlacesOutput, suggestPlacesOutput } from './tool-output-schemas.ts';
import { validateSuggestParams } from '../query/suggest-params.ts';

export interface McpServerDeps {
  query: QueryService;
  logger: Logger;
  /**
   * The argument names of this request's tools/call as the client sent them. The SDK copies arguments into a plain
   * object, where a `__proto__` name sets the prototype instead of a field: such a name would vanish unseen.
   */
  sentArgumentNames?: readonly string[];
}

/** Names the client sent that the parsed arguments lost (`__proto__`): refused as REST refuses an unknown parameter. */
function refuseLostArguments(args: Record<string, unknown>, sent: readonly string[]): void {
  const lost = sent.filter((name) => !Object.hasOwn(args, name));
  if (lost.length > 0) throw invalidParameters(lost.map((parameter) => ({ parameter, message: 'is not a known parameter' })));
}

const SERVER_INSTRUCTIONS =
  'A read-only directory of published places to stay in Spain (es), the United Kingdom (gb), France (fr) and ' +
  'Portugal (pt). Use search_places to find places (page with page.nextCursor), suggest_places for a name being typed ' +
  'and get_place for one id. ' +
  'No availability, prices or booking. whatsappEligible is not consent to message a place.';

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const NOT_PUBLISHED =
  'No published place has this placeId: it is unknown, suppressed, closed or no longer published. ' +
  'Use the id of a place from a search_places result.';

/** get_place of a duplicate: not published either, and the id to ask for instead. */
const sameAs = (kept: string) => `No published place has this placeId: it is the same place as ${kept}, published under that id. Call get_place with placeId "${kept}".`;

/** The advertised JSON Schemas: draft-07 (what the SDK's McpServer sends); outputs generated from the model's Place. */
const jsonSchemaOf = (schema: Parameters<typeof inlineSchemaOf>[0], io: 'input' | 'output') => inlineSchemaOf(schema, io) as Tool['inputSchema'];

/** Fixed for the life of the process: the tool list never changes (listChanged: false). */
const TOOLS: Tool[] = [
  {
    name: 'search_places',
    title: SEARCH_PLACES_TITLE,
    description: SEARCH_PLACES_DESCRIPTION,
    inputSchema: jsonSchemaOf(searchPlacesInput, 'input'),
    outputSchema: jsonSchemaOf(searchPlacesOutput, 'output'),
    annotations: READ_ONLY,
  },
  {
    name: 'get_place',
    title: GET_PLACE_TITLE,
    description: GET_PLACE_DESCRIPTION,
    inputSchema: jsonSchemaOf(getPlaceInput, 'input'),
    outputSchema: jsonSchemaOf(getPlaceOutput, 'output'),
    annotations: READ_ONLY,
  },
  {
    name: 'suggest_places',
    title: SUGGEST_PLACES_TITLE,
    description: SUGGEST_PLACES_DESCRIPTION,
    inputSchema: jsonSchemaOf(suggestPlacesInput, 'input'),
    outputSchema: jsonSchemaOf(suggestPlacesOutput, 'output'),
    annotations: READ_ONLY,
  },
];

function toToolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The same JSON twice: structured for clients that read outputSchema, text for those that only show content. */
function toToolResult(value: Record<string, unknown>): CallToolResult {
  return { structuredContent: value, content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/**
 * search_places arguments → REST's SearchParams. `cursor: null` is what a client sends when it passes the last
 * page's nextCursor straight back, or fills every optional field: it means "no cursor", as absent does.
 */
function searchArguments(args: Record<string, unknown>): Record<string, unknown> {
  if (args.cursor !== null) return args;
  const { cursor: _none, ...rest } = args;
  return rest;
}

/** get_place arguments, with REST's words: the path rule for placeId, "is not a known parameter" for anything else. */
function placeIdArgument(args: Record<string, unknown>): string {
  const unknown = Object.keys(args).filter((key) => key !== 'placeId' && key !== 'fields');
  const errors = unknown.map((parameter) => ({ parameter, message: 'is not a known parameter' }));
  try {
    if (args.placeId !== undefined && typeof args.placeId !== 'string') throw invalidParameter('placeId', 'must be a string');
    const placeId = validatePlaceId(args.placeId);
    if (errors.length === 0) return placeId;
  } catch (error) {
    if (!isInvalidParameters(error)) throw error;
    errors.unshift(...error.errors);
  }
  throw invalidParameters(errors);
}

/**
 * Every refusal is a tool error result (the agent can correct itself), never a protocol error, with one prefix:
 * `Invalid arguments for tool <name>: ` + REST's own problem detail (`limit: must be an integer from 1 to 100`).
 */
function runTool(tool: string, logger: Logger, produce: () => CallToolResult): CallToolResult {
  try {
    return produce();
  } catch (error) {
    if (isInvalidParameters(error)) return toToolError(`Invalid arguments for tool ${tool}: ${error.message}`);
    if (error instanceof ApiError) return toToolError(error.message);
    logger.error({ err: error, tool }, 'mcp tool failed');
    return toToolError('Something went wrong on our side; try again shortly.');
  }
}

export function createMcpServer(deps: McpServerDeps): Server {
  const { query, logger } = deps;
  const sent = deps.sentArgumentNames ?? [];
  const server = new Server(
    { name: 'lodging-directory', title: 'Lodging Directory', version: API_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: SERVER_INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));

  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const args: Record<string, unknown> = request.params.arguments ?? {};
    switch (request.params.name) {
      case 'search_places':
        return runTool('search_places', logger, () => {
          refuseLostArguments(args, sent);
          return toToolResult({ ...query.search(validateSearchParams(searchArguments(args))) });
        });
      case 'get_place':
        return runTool('get_place', logger, () => {
          refuseLostArguments(args, sent);
          const placeId = placeIdArgument(args);
          const place = query.getPlace(placeId, validateFields(args.fields));
          if (place) return toToolResult({ place });
          const kept = query.keptPlaceOf(placeId);
          return toToolError(kept ? sameAs(kept.id) : NOT_PUBLISHED);
        });
      case 'suggest_places':
        return runTool('suggest_places', logger, () => {
          refuseLostArguments(args, sent);
          return toToolResult(JSON.parse(query.suggestServed(validateSuggestParams(args)).json) as Record<string, unknown>);
        });
      default:
        // An unknown tool is a protocol error (MCP tools spec), not a tool result.
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Tools: search_places, get_place, suggest_places.`);
    }
  });

  return server;
}
