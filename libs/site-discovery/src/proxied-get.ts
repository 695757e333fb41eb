import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { connectViaProxy, type HttpProxy, proxyAuthorization } from '#browser';

/**
 * A GET of `url` through one of the operator's HTTP proxies, answered as a fetch `Response`, as
 * browsers send it: plain HTTP to the proxy with the absolute URL, HTTPS in a CONNECT tunnel. One
 * hop, no redirects followed; asks for an uncompressed body, so nothing has to be decoded here.
 */
export async function proxiedGet(
  url: string,
  proxy: HttpProxy,
  options: { signal: AbortSignal; headers: Record<string, string> },
): Promise<Response> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const headers = { ...options.headers, host: target.host, 'accept-encoding': 'identity' };
  const server = new URL(proxy.server);
  const socket = secure ? await connectViaProxy(proxy, host, Number(target.port || 443)) : undefined;
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = socket
      ? httpsRequest(
          {
            host,
            path: target.pathname + target.search,
            headers,
            signal: options.signal,
            // SNI names hosts, never addresses.
            createConnection: () => tlsConnect({ socket, servername: isIP(host) ? undefined : host }),
          },
          resolve,
        )
      : httpRequest(
          {
            host: server.hostname,
            port: Number(server.port || 80),
            path: target.href,
            headers: { ...headers, ...proxyAuthorization(proxy) },
            signal: options.signal,
          },
          resolve,
        );
    request.once('error', reject);
    request.end();
  });
  const status = answer.statusCode ?? 502;
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of [value ?? []].flat()) answerHeaders.append(name, one);
  }
  const empty = status === 204 || status === 304;
  if (empty) answer.resume();
  return new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), {
    status,
    headers: answerHeaders,
  });
}
