import { BannerPlace, Pages, readableBrandColour, Slogan } from '@lawline/contract';
import type { ChannelData } from '@lawline/contract/schemas';

/**
 * The H5 app's first screen as plain HTML, written into index.html by the server (issue 7: the
 * home page's largest paint came seconds after the bundle; on slow 4G the bundle alone takes
 * longer than the whole static page).
 *
 * index.html (apps/web) carries two markers:
 * - `<!--ll-home-shell-->`: replaced by the top of the home page with the channel's name,
 *   slogan, colours and first header banner — the same classes the React page renders, so the
 *   page looks the same when React takes over and removes it (features/home, app/splash.ts);
 * - `<!--ll-boot-->`: replaced by the channel/getChannel answer as a JSON data block, which the
 *   app uses instead of asking for it again (main.tsx);
 * - `<!--ll-head-->` (first in <head>): a preload of that banner, so it is asked for before the
 *   scripts take the connections.
 */
export const SHELL_MARKER = '<!--ll-home-shell-->';
export const BOOT_MARKER = '<!--ll-boot-->';
export const HEAD_MARKER = '<!--ll-head-->';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A CSS colour as the channel config gives it (#rgb or #rrggbb), else null. */
function cssColour(value: string | null | undefined): string | null {
  return value && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value) ? value : null;
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function headerBanner(channel: ChannelData) {
  return channel.banners.find((b) => b.bannerPlace === BannerPlace.header);
}

/** How the page is opened: inside WeChat its own title bar is hidden (WeChat shows the title). */
export type ShellOptions = { inWeChat?: boolean };

/**
 * The markup that stands for the home page's top until React has rendered it. The primary colour
 * is the readable one the app themes itself with (contract readableBrandColour), so the first
 * screen does not change colour when React takes over.
 */
export function homeShellHtml(channel: ChannelData, options: ShellOptions = {}): string {
  const primary = cssColour(channel.colors.primary);
  const readable = primary ? readableBrandColour(primary) : null;
  const colours = [
    readable
      ? `--adm-color-primary:${readable};--ll-primary:${readable};--ll-link:${readable};--ll-brand:${primary}`
      : '',
    cssColour(channel.colors.secondary) ? `--ll-secondary:${channel.colors.secondary}` : '',
  ]
    .filter(Boolean)
    .join(';');
  const banner = headerBanner(channel);
  const bannerHtml = banner
    ? '<div class="ll-banners"><div class="ll-banner">' +
      `<img class="ll-banner-img" src="${escapeHtml(banner.img)}" alt="${escapeHtml(banner.title)}" fetchpriority="high">` +
      '</div></div>'
    : '';
  return (
    `<div id="ll-shell" class="ll-shell" aria-hidden="true"${colours ? ` style="${colours}"` : ''}>` +
    (options.inWeChat ? '' : `<div class="ll-shell-nav">${escapeHtml(Pages.Home)}</div>`) +
    '<header class="ll-brand"><div class="ll-brand-text">' +
    `<p class="ll-brand-name">${escapeHtml(channel.name ?? '')}</p>` +
    `<p class="ll-brand-slogan">${escapeHtml(channel.slogan || Slogan)}</p>` +
    `</div></header>${bannerHtml}</div>`
  );
}

/** index.html with the shell and the boot data of `channel`; the template itself when it has no markers. */
export function renderHomeIndex(template: string, channel: ChannelData, options: ShellOptions = {}): string {
  if (!template.includes(SHELL_MARKER) || !template.includes(BOOT_MARKER)) return template;
  const banner = headerBanner(channel);
  return template
    .replace(HEAD_MARKER, () =>
      banner ? `<link rel="preload" as="image" href="${escapeHtml(banner.img)}" fetchpriority="high">` : '',
    )
    .replace(SHELL_MARKER, () => homeShellHtml(channel, options))
    .replace(
      BOOT_MARKER,
      () => `<script type="application/json" id="ll-boot">${jsonForScript(channel)}</script>`,
    );
}
