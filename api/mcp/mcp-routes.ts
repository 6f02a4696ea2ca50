// mountMcp: POST /mcp, stateless Streamable HTTP (a new server and transport per request) behind REST's key and rate-limit guards.
import express from 'express';
import type { ErrorRequestHandler, Express, RequestHandler, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, InitializeRequestSchema, ListToolsRequestSchema, PingRequestSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { AuthenticatedContext } from '../app.ts';
import { ApiError } from '../errors.ts';
import { requestLogger } from '../http/request-logger.ts';
import { quoteClientValue, safeErrorText } from '../http/safe-error-text.ts';
import { createMcpServer } from './mcp-server.ts';

export const MCP_PATH = '/mcp';

/** Two tool calls' arguments fit in a few hundred bytes; anything near this is not a real client. */
const MAX_BODY_BYTES = 64 * 1024;

/** JSON-RPC error codes the transport itself uses. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const SERVER_ERROR = -32000;
const INTERNAL_ERROR = -32603;
/** Implementation-defined server error (JSON-RPC reserves -32000..-32099): the key was refused. */
const KEY_REFUSED = -32001;

function sendJsonRpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).type('application/json').send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** express.json, answering a bad or oversized body as JSON-RPC rather than as the REST problem handler would. */
function createJsonBodyReader(): RequestHandler {
  const parse = express.json({ limit: MAX_BODY_BYTES });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = (error as { type?: unknown }).type === 'entity.too.large';
      if (tooLarge) sendJsonRpcError(res, 413, SERVER_ERROR, `Request body must not exceed ${MAX_BODY_BYTES} bytes`);
      else sendJsonRpcError(res, 400, PARSE_ERROR, 'Parse error: Invalid JSON');
    });
}

/**
 * One JSON-RPC message per HTTP request: a batch would carry many tool calls for one unit of the key's rate limit.
 * (The MCP revision 2025-06-18 dropped batching; the SDK client never sends one.)
 */
const rejectBatches: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  if (Array.isArray(body) && body.length > 1) {
    sendJsonRpcError(res, 400, INVALID_REQUEST, 'Batches are not supported: send one JSON-RPC message per request.');
    return;
  }
  next();
};

const INVALID_PARAMS = -32602;

/** Requests the server answers, by method: a malformed one is the client's error (-32602), not an internal one. */
const REQUEST_SCHEMAS: Record<string, { safeParse(value: unknown): { success: boolean } }> = {
  'tools/call': CallToolRequestSchema,
  'tools/list': ListToolsRequestSchema,
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
};

/**
 * The SDK answers a known request whose params do not match its schema with -32603 "internal error" (and the
 * schema's complaint). Checked here first, so the client hears that its request was invalid.
 */
const checkRequestShape: RequestHandler = (req, res, next) => {
  const body = (Array.isArray(req.body) ? req.body[0] : req.body) as { method?: unknown; id?: unknown } | undefined;
  if (!body || typeof body !== 'object' || typeof body.method !== 'string' || body.id === undefined) return next();
  const schema = Object.hasOwn(REQUEST_SCHEMAS, body.method) ? REQUEST_SCHEMAS[body.method] : undefined;
  if (!schema || schema.safeParse(body).success) return next();
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? body.id : null;
  res
    .status(200)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', id, error: { code: INVALID_PARAMS, message: `Invalid params for ${quoteClientValue(body.method)}: see the MCP specification for its shape` } }));
};

/** The SDK would repeat an unsupported header value verbatim; answer it here, quoted safely. */
const checkProtocolVersion: RequestHandler = (req, res, next) => {
  const version = req.get('mcp-protocol-version');
  if (version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return next();
  sendJsonRpcError(
    res,
    400,
    SERVER_ERROR,
    `Bad Request: Unsupported protocol version: ${quoteClientValue(version)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
  );
};

/**
 * Every error the server sends (a JSON-RPC error, or a tool's isError result) may quote client input: a tool or
 * argument name, a value. Masked and cut on the way out, whichever layer (ours or the SDK's) wrote it.
 */
export function withSafeErrorTexts(message: JSONRPCMessage): JSONRPCMessage {
  if ('error' in message && message.error) {
    return { ...message, error: { ...message.error, message: safeErrorText(message.error.message) } };
  }
  if ('result' in message && message.result && (message.result as { isError?: unknown }).isError === true) {
    const result = message.result as { content?: unknown };
    if (!Array.isArray(result.content)) return message;
    const content = result.content.map((item: { type?: unknown; text?: unknown }) =>
      item && item.type === 'text' && typeof item.text === 'string' ? { ...item, text: safeErrorText(item.text) } : item,
    );
    return { ...message, result: { ...message.result, content } } as JSONRPCMessage;
  }
  return message;
}

/** The own argument names of a tools/call body as express.json parsed it (JSON.parse keeps `__proto__` as a name). */
function sentArgumentNamesOf(body: unknown): string[] {
  const message = (Array.isArray(body) ? body[0] : body) as { method?: unknown; params?: { arguments?: unknown } } | undefined;
  if (!message || typeof message !== 'object' || message.method !== 'tools/call') return [];
  const args = message.params?.arguments;
  return args && typeof args === 'object' && !Array.isArray(args) ? Object.keys(args) : [];
}

/** Stateless: nothing outlives the request, so any replica can answer any request and nothing needs cleaning up. */
function createMcpHandler(context: AuthenticatedContext): RequestHandler {
  return async (req, res) => {
    const logger = requestLogger(res, context.logger);
    const server = createMcpServer({ query: context.query, logger, sentArgumentNames: sentArgumentNamesOf(req.body) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const send = transport.send.bind(transport);
    transport.send = (message, options) => send(withSafeErrorTexts(message), options);
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      logger.error({ err: error }, 'mcp request failed');
      if (!res.headersSent) sendJsonRpcError(res, 500, INTERNAL_ERROR, 'Internal server error');
    }
  };
}

/** Stateless servers open no GET stream and have no session to DELETE; answered before auth, as nothing is served. */
const methodNotAllowed: RequestHandler = (_req, res) => {
  res.setHeader('Allow', 'POST');
  sendJsonRpcError(res, 405, SERVER_ERROR, 'Method not allowed: this MCP endpoint is stateless and takes POST only.');
};

/**
 * A refused key on /mcp is a 403 whose JSON-RPC error carries the server's message, never a 401.
 *
 * This server uses static API keys, not the MCP authorization spec's OAuth flow (which the spec makes OPTIONAL).
 * MCP clients read any 401 as "start OAuth": the SDK's StreamableHTTPClientTransport runs auth() on a 401 whenever it
 * has an authProvider (Claude Code, mcp-remote, Inspector's proxy), and MCP Inspector starts OAuth for any error whose
 * message contains "401" or "Unauthorized" (useConnection's is401Error), whatever WWW-Authenticate says. That flow
 * cannot work here (no /.well-known/oauth-protected-resource), so the user never sees why the key was refused.
 * A 403 without WWW-Authenticate is not an OAuth challenge: the SDK client fails with StreamableHTTPError(403, body)
 * and Inspector shows that message. The text deliberately avoids the words "401" and "Unauthorized".
 * REST keeps its 401 (the spec's contract there); failed attempts count against the same per-address limit.
 */
const answerRefusedKey: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof ApiError) || error.kind !== 'unauthorized' || res.headersSent) return next(error);
  res.removeHeader('WWW-Authenticate');
  // Written for the consumer who configured the client: where their keys are, never a command to run on the server.
  const message = `API key refused: ${error.message} Send an active key of your account: the API keys page of the console lists, creates and rolls them.`;
  sendJsonRpcError(res, 403, KEY_REFUSED, message);
};

/**
 * guards = API key auth (X-API-Key or Authorization: Bearer; a refused key is answered by answerRefusedKey) then the
 * per-key limiter, so every MCP request (initialize and notifications included) counts against the key's window as on REST.
 */
export function mountMcp(app: Express, context: AuthenticatedContext): void {
  app.post(
    MCP_PATH,
    ...context.guards,
    noStore,
    checkProtocolVersion,
    createJsonBodyReader(),
    rejectBatches,
    checkRequestShape,
    createMcpHandler(context),
    answerRefusedKey,
  );
  app.all(MCP_PATH, methodNotAllowed);
}
