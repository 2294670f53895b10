import type { ServerResponse } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The WeChat JS-SDK (share, pay bridge); the only third-party script besides analytics. */
export const WECHAT_JSSDK_ORIGIN = 'https://res.wx.qq.com';

/**
 * What a route answers, which picks its security headers: a page (the H5 app's and the workbench's
 * index.html), a static file (built assets, media), or the API (everything else, 404s included).
 * Chosen by the route, never by the answer's content type: a `304 Not Modified` has none, and the
 * browser applies the 304's policy to the page it kept (a workbench reloaded under the API's
 * `default-src 'none'` is a blank page).
 */
export const SecurityKind = {
  document: 'document',
  asset: 'asset',
  api: 'api',
  /** A built app's files: a page when the path names one (`…/`, `….html`), else an asset. */
  builtFile: 'builtFile',
} as const;
export type SecurityKind = (typeof SecurityKind)[keyof typeof SecurityKind];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The kind of answer the route gives (security-headers.ts); unset means API. */
    security?: SecurityKind;
  }
}

/** Route options for a route that answers pages. */
export const documentRoute = { config: { security: SecurityKind.document } } as const;

/**
 * Marks every route registered after this call in this plugin (and its children, such as
 * @fastify/static's) that says nothing itself as `kind`.
 */
export function markRoutes(app: FastifyInstance, kind: SecurityKind): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.security === undefined) route.config = { ...route.config, security: kind };
  });
}

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

type Headers = Readonly<Record<string, string>>;

/** The headers helmet sets for these options, worked out once (helmet's middleware only sets headers). */
function helmetHeaders(options: HelmetOptions): Headers {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(options)({} as Parameters<ReturnType<typeof helmet>>[0], recorder, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/** What every kind shares: the headers the existing clients and tests rely on, as before. */
const common = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'sameorigin' },
  // Legacy headers for browsers nobody uses any more; they only add bytes to every answer.
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xDnsPrefetchControl: false,
} as const satisfies HelmetOptions;

/** JSON answers and files: nothing may run or be framed if one is opened as a page. */
const RESOURCE_DIRECTIVES = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** Policies that only a page uses (cross-origin isolation of the window, an agent cluster per origin). */
const resourceOnly = { crossOriginOpenerPolicy: false, originAgentCluster: false } as const;

export const API_HEADERS = helmetHeaders({
  ...common,
  ...resourceOnly,
  contentSecurityPolicy: { useDefaults: false, directives: RESOURCE_DIRECTIVES },
});

/** The same as the API's today: a file is no page either. Kept apart so that either may change alone. */
const ASSET_HEADERS = helmetHeaders({
  ...common,
  ...resourceOnly,
  contentSecurityPolicy: { useDefaults: false, directives: RESOURCE_DIRECTIVES },
});

/**
 * The pages' policy (the H5 app and the workbench). What each source is for:
 * - script: our bundles, the WeChat JS-SDK, the analytics script when configured; no inline, no eval;
 * - style: our CSS plus inline styles (the entry CSS is inlined into index.html; antd-mobile sets
 *   style attributes and CSS variables inline);
 * - img: our media, data: and blob: (QR codes, posters), and https: because sanitised articles and
 *   WeChat avatars carry https image URLs of other hosts (the article sanitiser allows only https);
 * - connect: the API and the websocket on this host (ws:/wss: spelled out for WebViews whose
 *   'self' does not cover websockets), and the analytics origin's beacons;
 * - frame-src: our pages and blob: (the workbench's PDF preview of a draft letter);
 * - frame-ancestors 'self': nobody frames the app (a mini-program web-view is not a frame).
 */
function documentDirectives(
  host: string | null,
  analyticsOrigin: string | null,
  formTargets: string[],
): Record<string, string[]> {
  const sockets = host ? [`ws://${host}`, `wss://${host}`] : [];
  const extra = analyticsOrigin ? [analyticsOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", WECHAT_JSSDK_ORIGIN, ...extra],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...sockets, ...extra],
    'media-src': ["'self'", 'blob:', 'https:'],
    'object-src': ["'none'"],
    // The workbench previews a draft letter's PDF (a blob: URL) in a frame.
    'frame-src': ["'self'", 'blob:'],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...formTargets],
    'frame-ancestors': ["'self'"],
  };
}

/** Hosts a server answers under are few: their page headers are kept, up to this many. */
const MAX_HOSTS = 64;

/**
 * Security headers from helmet, one policy per kind of answer, picked by the route in an onRequest
 * hook: set before the handler runs, so every answer of the route carries them — 200, 304, errors.
 * Each policy is built once (per Host for pages): @fastify/helmet would build helmet's middleware
 * anew on every request, a third of the API's throughput on the hottest reads. A callback hook (no
 * promise per answer). Swagger UI replaces the policy with its own on /api/docs (see app.ts).
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const analyticsOrigin = originOf(options.analyticsScript);
  const formTargets = (options.formTargets ?? [])
    .map((url) => originOf(url))
    .filter((o): o is string => o !== null);
  const pages = new Map<string, Headers>();
  const documentHeaders = (hostHeader: string | undefined): Headers => {
    const host = hostHeader && HOST_PATTERN.test(hostHeader) ? hostHeader : '';
    let headers = pages.get(host);
    if (headers) return headers;
    headers = helmetHeaders({
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: documentDirectives(host || null, analyticsOrigin, formTargets),
      },
    });
    if (pages.size >= MAX_HOSTS) pages.clear();
    pages.set(host, headers);
    return headers;
  };

  app.addHook('onRequest', (request, reply, done) => {
    let kind = request.routeOptions.config?.security ?? SecurityKind.api;
    if (kind === SecurityKind.builtFile) {
      const path = request.url.split('?', 1)[0] ?? '';
      kind = path.endsWith('/') || path.endsWith('.html') ? SecurityKind.document : SecurityKind.asset;
    }
    reply.headers(
      kind === SecurityKind.document
        ? documentHeaders(request.headers.host)
        : kind === SecurityKind.asset
          ? ASSET_HEADERS
          : API_HEADERS,
    );
    done();
  });
}
