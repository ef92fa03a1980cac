/**
 * A webhook address as the service would reach it: scheme, host (case-insensitive), port (443 when
 * none), path without a trailing slash, and query. null when it is not an address. Two spellings of
 * one address (`https://Fax.example.com/hook/` and `https://fax.example.com:443/hook`) have the same key:
 * the receiver uses it to see which webhooks come to it, the client to find a setting it just wrote.
 */
export function addressKey(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
  return `${url.protocol}//${url.hostname.toLowerCase()}:${port}${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`;
}
