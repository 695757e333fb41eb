import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { connectViaProxy, type HttpProxy } from '#browser';

/**
 * A GET of `url` through one of the operator's HTTP proxies, answered as a fetch `Response`: the
 * request travels in a CONNECT tunnel (TLS inside it for https), one hop, no redirects followed.
 * Asks for an uncompressed body, so nothing has to be decoded here.
 */
export async function proxiedGet(
  url: string,
  proxy: HttpProxy,
  options: { signal: AbortSignal; headers: Record<string, string> },
): Promise<Response> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const socket = await connectViaProxy(proxy, host, Number(target.port || (secure ? 443 : 80)));
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const send = secure ? httpsRequest : httpRequest;
    const request = send(
      {
        host,
        method: 'GET',
        path: target.pathname + target.search,
        headers: { ...options.headers, host: target.host, 'accept-encoding': 'identity' },
        signal: options.signal,
        createConnection: () => (secure ? tlsConnect({ socket, servername: host }) : socket),
      },
      resolve,
    );
    request.once('error', reject);
    request.end();
  });
  const status = answer.statusCode ?? 502;
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  const empty = status === 204 || status === 304;
  if (empty) answer.resume();
  return new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), {
    status,
    headers,
  });
}
