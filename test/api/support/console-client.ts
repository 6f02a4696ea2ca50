// A cookie-keeping HTTP client for the console, as a browser without JavaScript uses it: GET pages, POST their forms.
export interface PageResponse {
  status: number;
  text: string;
  headers: Headers;
  location: string | null;
}

export interface ConsoleClient {
  cookie(): string | null;
  setCookie(value: string | null): void;
  get(path: string): Promise<PageResponse>;
  /** POSTs fields as a form; adds the CSRF token of the last page unless `csrf: false` or a string is given. */
  post(path: string, fields: Record<string, string>, options?: { csrf?: boolean | string; headers?: Record<string, string> }): Promise<PageResponse>;
  /** The value of a hidden field on the last page fetched. */
  hidden(name: string): string | null;
  lastPage(): string;
}

export function hiddenValue(html: string, name: string): string | null {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  return match ? match[1]!.replace(/&amp;/g, '&') : null;
}

export function createConsoleClient(baseUrl: string, options: { cookieName?: string; fetch?: typeof fetch } = {}): ConsoleClient {
  const fetchPage = options.fetch ?? fetch;
  const cookieName = options.cookieName ?? 'lodging_console';
  let cookie: string | null = null;
  /** The other cookies the server set (the known-browser cookie), sent back as a browser would. */
  const others = new Map<string, string>();
  let last = '';
  const remember = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      const gone = value === '' || /Max-Age=0/i.test(line);
      if (pair!.slice(0, eq) !== cookieName) {
        if (gone) others.delete(pair!.slice(0, eq));
        else others.set(pair!.slice(0, eq), value);
        continue;
      }
      cookie = gone ? null : value;
    }
  };
  const send = async (path: string, init: RequestInit): Promise<PageResponse> => {
    const headers = new Headers(init.headers);
    const pairs = [...(cookie ? [`${cookieName}=${cookie}`] : []), ...[...others].map(([name, value]) => `${name}=${value}`)];
    if (pairs.length > 0) headers.set('cookie', pairs.join('; '));
    const res = await fetchPage(`${baseUrl}${path}`, { ...init, headers, redirect: 'manual' });
    remember(res.headers);
    const text = await res.text();
    if ((res.headers.get('content-type') ?? '').includes('html')) last = text;
    return { status: res.status, text, headers: res.headers, location: res.headers.get('location') };
  };
  return {
    cookie: () => cookie,
    setCookie: (value) => {
      cookie = value;
    },
    get: (path) => send(path, { method: 'GET' }),
    post: (path, fields, postOptions = {}) => {
      const body = new URLSearchParams(fields);
      const csrf = postOptions.csrf ?? true;
      if (csrf === true) body.set('_csrf', hiddenValue(last, '_csrf') ?? '');
      else if (typeof csrf === 'string') body.set('_csrf', csrf);
      return send(path, {
        method: 'POST',
        body: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...postOptions.headers },
      });
    },
    hidden: (name) => hiddenValue(last, name),
    lastPage: () => last,
  };
}
