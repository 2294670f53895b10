/** What a banner or link target means (spec §2 routing rules). */
export type LinkTarget =
  | { kind: 'route'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'ai' }
  | { kind: 'coupon' }
  | { kind: 'none' };

/**
 * `go_Page`, `go_Page/1/2` or `go_/Page?x=1` → internal route `/Page…`; anything containing
 * `http` → external; `ilawyer` → AI consultation; `show_coupon` → claim the coupon.
 */
export function parseLinkTarget(target: string | null | undefined): LinkTarget {
  const value = (target ?? '').trim();
  if (value === '') return { kind: 'none' };
  if (value === 'ilawyer') return { kind: 'ai' };
  if (value === 'show_coupon') return { kind: 'coupon' };
  if (value.startsWith('go_')) {
    const rest = value.slice(3).replace(/^\/+/, '');
    if (rest === '' || !/^[A-Za-z]/.test(rest)) return { kind: 'none' };
    return { kind: 'route', path: `/${rest}` };
  }
  if (value.includes('http')) {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:'
        ? { kind: 'external', url: url.href }
        : { kind: 'none' };
    } catch {
      return { kind: 'none' };
    }
  }
  return { kind: 'none' };
}

/** Article links on the product's own domain get the user token appended (spec §2). */
export function appendTokenToOwnLink(
  link: string,
  token: string | null | undefined,
  ownDomain: string,
): string {
  if (!token || !ownDomain) return link;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  const host = url.hostname.toLowerCase();
  const domain = ownDomain.toLowerCase();
  if (host !== domain && !host.endsWith(`.${domain}`)) return link;
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * `https://h/h5/gzh/?/Lawyer?x=1` → `https://h/h5/gzh/#/Lawyer?x=1` (spec §2: URLs with '/?/' are
 * rewritten to hash routes). Returns null when there is nothing to rewrite.
 */
export function rewriteQuestionSlashUrl(href: string): string | null {
  const marker = '/?/';
  const at = href.indexOf(marker);
  if (at < 0) return null;
  const hashAt = href.indexOf('#');
  if (hashAt >= 0 && hashAt < at) return null;
  const base = href.slice(0, at + 1);
  const route = href.slice(at + 2).replace(/#.*$/, '');
  return `${base}#${route}`;
}
