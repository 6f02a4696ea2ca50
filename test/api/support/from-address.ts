// A fetch for tests that connects from a chosen loopback address (127.0.0.2, 127.0.0.3…): the server sees another client address.
import { request } from 'node:http';

export function fetchFrom(localAddress: string): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? init.body : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = request(url, { method: init.method ?? 'GET', headers, localAddress, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? '']) out.append(name, String(one));
          }
          resolve(new Response(res.statusCode === 204 || res.statusCode === 304 ? null : Buffer.concat(chunks), { status: res.statusCode, headers: out }));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }) as typeof fetch;
}
