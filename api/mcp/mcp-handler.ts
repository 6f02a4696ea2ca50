// The parts of POST /mcp that need the MCP SDK (request shapes, protocol versions, the server and its transport), loaded on the first request.
import type { RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, InitializeRequestSchema, ListToolsRequestSchema, PingRequestSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { AuthenticatedContext } from '../app.ts';
import { requestLogger } from '../http/request-logger.ts';
import { quoteClientValue, safeErrorText } from '../http/safe-error-text.ts';
import { INTERNAL_ERROR, INVALID_PARAMS, SERVER_ERROR, sendJsonRpcError } from './json-rpc-error.ts';
import { createMcpServer } from './mcp-server.ts';

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
export const checkRequestShape: RequestHandler = (req, res, next) => {
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
export const checkProtocolVersion: RequestHandler = (req, res, next) => {
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
export function createMcpHandler(context: AuthenticatedContext): RequestHandler {
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
