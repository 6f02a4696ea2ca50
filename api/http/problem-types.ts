// The problem types the API answers with (RFC 9457 `type`): one per failure, each documented at {publicUrl}/problems/{code}.

export interface ProblemType {
  code: string;
  status: number;
  title: string;
  description: string;
}

export const PROBLEM_TYPES: readonly ProblemType[] = [
  {
    code: 'invalid-parameter',
    status: 400,
    title: 'Invalid parameter',
    description:
      'A query or path parameter is unknown, repeated, empty or breaks its rule. `errors` names each one; fix the request before retrying.',
  },
  {
    code: 'unauthorized',
    status: 401,
    title: 'Unauthorized',
    description:
      'The key is missing, malformed, unknown or revoked. Send it in the X-API-Key header (or Authorization: Bearer). Do not retry with the same key.',
  },
  { code: 'not-found', status: 404, title: 'Not Found', description: 'No current published record or resource has this address.' },
  { code: 'method-not-allowed', status: 405, title: 'Method Not Allowed', description: 'The API is read-only: use GET.' },
  {
    code: 'rate-limited',
    status: 429,
    title: 'Too Many Requests',
    description: 'The request window of this key (or of failed authentications from this address) is exhausted. Wait Retry-After seconds.',
  },
  { code: 'internal-error', status: 500, title: 'Internal Server Error', description: 'An unexpected failure. It has been logged with the request id.' },
  {
    code: 'service-unavailable',
    status: 503,
    title: 'Service Unavailable',
    description: 'A dependency (key store, snapshots) cannot answer right now. Retry after the Retry-After seconds.',
  },
];

export function problemTypeUri(publicUrl: string, code: string): string {
  return `${publicUrl}/problems/${code}`;
}
