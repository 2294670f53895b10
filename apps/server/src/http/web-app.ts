import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultChannel } from '@lawline/contract';
import type { ChannelData } from '@lawline/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOOT_MARKER, renderHomeIndex, SHELL_MARKER } from '../modules/channels/home-shell.ts';
import { builtAppRoutes } from './built-app.ts';

export const WEB_PREFIX = '/h5/gzh/';

/** The contract's channel key shape (schemas/common.ts). */
const CHANNEL_KEY = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * index.html of the H5 app with the first screen filled in (modules/channels/home-shell.ts): the
 * channel comes from `?channel=` as the app reads it (else the default), its config from the API's
 * own channel/getChannel, so the page carries exactly what the app would ask for first. Any
 * failure (unknown channel, no markers in the build) sends index.html as it is.
 */
class HomeIndex {
  private template: { mtimeMs: number; html: string | null } | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly file: string,
  ) {}

  async render(request: FastifyRequest): Promise<string | null> {
    const template = await this.readTemplate();
    if (template === null) return null;
    const channel = await this.channel(request);
    // Inside WeChat its own title bar shows the page title: the first screen draws none.
    const inWeChat = /MicroMessenger/i.test(request.headers['user-agent'] ?? '');
    return channel ? renderHomeIndex(template, channel, { inWeChat }) : null;
  }

  /** The built index.html when it has the markers, read again when the build changes. */
  private async readTemplate(): Promise<string | null> {
    const { mtimeMs } = await stat(this.file);
    if (this.template?.mtimeMs !== mtimeMs) {
      const html = await readFile(this.file, 'utf8');
      this.template = {
        mtimeMs,
        html: html.includes(SHELL_MARKER) && html.includes(BOOT_MARKER) ? html : null,
      };
    }
    return this.template.html;
  }

  private async channel(request: FastifyRequest): Promise<ChannelData | null> {
    const asked = (request.query as Record<string, unknown> | undefined)?.channel;
    const key = typeof asked === 'string' && CHANNEL_KEY.test(asked.trim()) ? asked.trim() : defaultChannel;
    const res = await this.app.inject({
      method: 'GET',
      url: `/api/v2/channel/getChannel?channel=${encodeURIComponent(key)}&usertype=3`,
    });
    if (res.statusCode !== 200) return null;
    const body = res.json() as { code: number | string; data: ChannelData | null };
    return body.code === 0 && body.data ? body.data : null;
  }
}

/** The H5 app at /h5/gzh/; the site root redirects there, keeping the query (?channel=…). */
export async function webAppRoutes(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const at = request.url.indexOf('?');
    return reply.redirect(`${WEB_PREFIX}${at >= 0 ? request.url.slice(at) : ''}`, 302);
  });
  const index = new HomeIndex(app, join(opts.webDist, 'index.html'));
  await builtAppRoutes(app, {
    prefix: WEB_PREFIX,
    dist: opts.webDist,
    notBuiltMessage: '前端尚未构建，请先运行 npm run build',
    renderIndex: (request) =>
      index.render(request).catch((err: unknown) => {
        request.log.warn({ err }, 'index.html sent without the first screen');
        return null;
      }),
  });
}
