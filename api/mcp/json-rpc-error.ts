// The JSON-RPC error answers /mcp sends itself (outside the SDK), and their codes.
import type { Response } from 'express';

/** JSON-RPC error codes the transport itself uses. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;
export const SERVER_ERROR = -32000;
export const INTERNAL_ERROR = -32603;
/** Implementation-defined server error (JSON-RPC reserves -32000..-32099): the key was refused. */
export const KEY_REFUSED = -32001;

export function sendJsonRpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).type('application/json').send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
