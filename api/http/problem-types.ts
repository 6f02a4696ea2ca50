// Problem type URIs (RFC 9457 `type`): one per API error kind (errors.ts), each documented at {publicUrl}/problems/{kind}.

export function problemTypeUri(publicUrl: string, kind: string): string {
  return `${publicUrl}/problems/${kind}`;
}
