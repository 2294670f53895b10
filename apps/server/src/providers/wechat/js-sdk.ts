import { createHash } from 'node:crypto';

/** The URL WeChat signs: everything before the first '#'. */
export function urlForSignature(url: string): string {
  const at = url.indexOf('#');
  return at >= 0 ? url.slice(0, at) : url;
}

/**
 * The JS-SDK config signature: the keys jsapi_ticket, noncestr, timestamp, url in ASCII order,
 * joined as k=v&… with raw (not URL-encoded) values, SHA-1, lower-case hex.
 */
export function jsSdkSignature(input: {
  jsapiTicket: string;
  nonceStr: string;
  timestamp: number | string;
  url: string;
}): string {
  const message = [
    `jsapi_ticket=${input.jsapiTicket}`,
    `noncestr=${input.nonceStr}`,
    `timestamp=${input.timestamp}`,
    `url=${urlForSignature(input.url)}`,
  ].join('&');
  return createHash('sha1').update(message, 'utf8').digest('hex');
}
