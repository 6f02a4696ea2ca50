// The host part of an http(s) address as written: what lies between "//" and the port, path, query or fragment.

/**
 * "https://www.hotel.es:443/a?b#c" → "www.hotel.es"; null without "//". For an address the normalise rules published
 * (lower case, no user info, no IP literal), this is `new URL(href).hostname`, without parsing the address again.
 */
export function urlHost(href: string): string | null {
  const start = href.indexOf('//');
  return start === -1 ? null : /^[^/?#:]*/.exec(href.slice(start + 2))![0];
}
