/**
 * Query parameters of the current address. With hash routes a parameter may sit in the real query
 * (`/h5/gzh/?channel=czh#/Home`) or in the hash route's query (`/h5/gzh/#/Home?channel=czh`); the
 * hash one wins.
 */
export function readUrlParam(name: string, href: string = globalThis.location?.href ?? ''): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const hashQueryAt = url.hash.indexOf('?');
  if (hashQueryAt >= 0) {
    const fromHash = new URLSearchParams(url.hash.slice(hashQueryAt + 1)).get(name);
    if (fromHash !== null) return fromHash;
  }
  return url.searchParams.get(name);
}

/** The address without the given query parameters (both the real query and the hash route's query). */
export function withoutUrlParams(href: string, names: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  for (const name of names) url.searchParams.delete(name);
  const hashQueryAt = url.hash.indexOf('?');
  if (hashQueryAt >= 0) {
    const route = url.hash.slice(0, hashQueryAt);
    const params = new URLSearchParams(url.hash.slice(hashQueryAt + 1));
    for (const name of names) params.delete(name);
    const rest = params.toString();
    url.hash = rest ? `${route}?${rest}` : route;
  }
  return url.href;
}
