import type { FastifyRequest } from 'fastify';

/**
 * The request as the log shows it: Fastify's usual fields with the query string cut to its
 * parameter names, so a token or password a careless client put in a URL never reaches the logs.
 */
export function requestLogEntry(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const names = new URLSearchParams(url.slice(mark + 1)).keys();
  return `${url.slice(0, mark)}?${[...new Set(names)].map((name) => `${encodeURIComponent(name)}=[redacted]`).join('&')}`;
}
