// mountMcp: POST /mcp, stateless Streamable HTTP (a new server and transport per request) behind REST's key and rate-limit guards.
import express from 'express';
import type { ErrorRequestHandler, Express, RequestHandler } from 'express';
import type { AuthenticatedContext } from '../app.ts';
import { ApiError } from '../errors.ts';
import { INVALID_REQUEST, KEY_REFUSED, PARSE_ERROR, SERVER_ERROR, sendJsonRpcError } from './json-rpc-error.ts';

export const MCP_PATH = '/mcp';

/** Two tool calls' arguments fit in a few hundred bytes; anything near this is not a real client. */
const MAX_BODY_BYTES = 64 * 1024;

type McpHandlerModule = typeof import('./mcp-handler.ts');
let mcpHandlerModule: Promise<McpHandlerModule> | undefined;

/**
 * A step that needs the MCP SDK, loaded on the first request to /mcp: a server nobody asks over MCP never loads the SDK
 * and its schemas (some 7 MB of heap). After the first load the step runs directly; a failed load reaches the error
 * handlers as any other error.
 */
function onFirstUse(pick: (handlers: McpHandlerModule) => RequestHandler): RequestHandler {
  let step: RequestHandler | undefined;
  return (req, res, next) => {
    if (step) return step(req, res, next);
    return (mcpHandlerModule ??= import('./mcp-handler.ts')).then((handlers) => {
      step ??= pick(handlers);
      return step(req, res, next);
    });
  };
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
    onFirstUse((handlers) => handlers.checkProtocolVersion),
    createJsonBodyReader(),
    rejectBatches,
    onFirstUse((handlers) => handlers.checkRequestShape),
    onFirstUse((handlers) => handlers.createMcpHandler(context)),
    answerRefusedKey,
  );
  app.all(MCP_PATH, methodNotAllowed);
}
