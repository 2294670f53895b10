import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = ['token', 'code', 'state'];

/** Tokens, OAuth codes and states travel in query strings (websocket, WeChat); keep them out of logs. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});
