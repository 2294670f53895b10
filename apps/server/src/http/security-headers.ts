import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The WeChat JS-SDK (share, pay bridge); the only third-party script besides analytics. */
export const WECHAT_JSSDK_ORIGIN = 'https://res.wx.qq.com';

export type SecurityHeaderOptions = {
  /** The configured analytics script URL (config.analyticsScript); its origin may load and report. */
  analyticsScript: string | null;
  /** Where the app's forms may post besides itself: the Alipay gateway the aliPayForm goes to. */
  formTargets?: string[];
};

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** A Host header fit to put into a header value: name or address, optional port. */
const HOST_PATTERN = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/**
 * The H5 app's policy. What each source is for:
 * - script: our bundles, the WeChat JS-SDK, the analytics script when configured; no inline, no eval;
 * - style: our CSS plus inline styles (antd-mobile sets style attributes and CSS variables inline);
 * - img: our media, data: and blob: (QR codes, posters), and https: because sanitised articles and
 *   WeChat avatars carry https image URLs of other hosts (the article sanitiser allows only https);
 * - connect: the API and the websocket on this host (ws:/wss: spelled out for WebViews whose
 *   'self' does not cover websockets), and the analytics origin's beacons;
 * - frame-ancestors 'self': nobody frames the app (a mini-program web-view is not a frame).
 */
export function appCsp(
  request: FastifyRequest,
  analyticsOrigin: string | null,
  formTargets: string[] = [],
): string {
  const host = request.headers.host;
  const sockets = host && HOST_PATTERN.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  const extra = analyticsOrigin ? [analyticsOrigin] : [];
  return [
    "default-src 'self'",
    ['script-src', "'self'", WECHAT_JSSDK_ORIGIN, ...extra].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...sockets, ...extra].join(' '),
    "media-src 'self' blob: https:",
    "object-src 'none'",
    "base-uri 'self'",
    ['form-action', "'self'", ...formTargets].join(' '),
    "frame-ancestors 'self'",
  ].join('; ');
}

/** JSON answers, assets and images: nothing may run or be framed if one is opened as a page. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Swagger UI sets its own policy (hashes of its inline scripts) on /api/docs; see app.ts. */
export const DOCS_PREFIX = '/api/docs';

/**
 * Headers every answer carries: CSP, no-sniff, frame options, referrer policy. A callback hook
 * (no promise per answer): it runs on every request, the hottest reads included.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const analyticsOrigin = originOf(options.analyticsScript);
  const formTargets = (options.formTargets ?? [])
    .map((url) => originOf(url))
    .filter((o): o is string => o !== null);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    const type = String(reply.getHeader('content-type') ?? '');
    const html = type.startsWith('text/html');
    reply.header(
      'Content-Security-Policy',
      html ? appCsp(request, analyticsOrigin, formTargets) : RESOURCE_CSP,
    );
    done(null, payload);
  });
}
