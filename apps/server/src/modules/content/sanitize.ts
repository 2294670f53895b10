import sanitizeHtml from 'sanitize-html';

/**
 * Article HTML allow-list. Articles are sanitised before they are stored (seed included) and again
 * before they are served, so a row changed behind the API's back cannot reach a reader unfiltered.
 *
 * Allowed: p, h3, h4, ul, ol, li, strong, em, br; img with an https or /media/ src; a with an
 * https href. Everything else goes: scripts and styles with their content, other tags (their text
 * stays), every other attribute (event handlers, style, class…), javascript:/data: URLs.
 */

const ALLOWED_TAGS = ['p', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'br', 'img', 'a'];

/** Paths under /media/ made of plain URL characters, no '..' and no '//'. */
const MEDIA_PATH = /^\/media\/(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*$/;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

export function isAllowedImageSrc(src: string): boolean {
  const value = src.trim();
  return isHttpsUrl(value) || MEDIA_PATH.test(value);
}

export function isAllowedLinkHref(href: string): boolean {
  return isHttpsUrl(href.trim());
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { img: ['src'], a: ['href'] },
  allowedSchemes: ['https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // script, style, textarea, noscript… are dropped with their content.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // h1/h2 become the article's own heading levels; b/i their semantic twins.
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      const kept: sanitizeHtml.Attributes = isAllowedImageSrc(src) ? { src: src.trim() } : {};
      return { tagName, attribs: kept };
    },
    // A link whose target is not https loses its href (an inert <a>) and keeps its text.
    // (Renaming the tag here would confuse the library's closing-tag bookkeeping.)
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const kept: sanitizeHtml.Attributes = isAllowedLinkHref(href) ? { href: href.trim() } : {};
      return { tagName, attribs: kept };
    },
  },
  // An image without an allowed src is dropped altogether.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
