import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS) carry a session token. */
  sessionToken?: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Headers to send and sign besides host and the x-amz-* ones (lower-case names). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (`sha256Hex`), or `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * AWS Signature Version 4 (header form) for service `s3`: the headers to send, Authorization
 * included. `now` comes in, so the signature is testable against AWS's published examples.
 */
export function signS3Request(
  request: RequestToSign,
  credentials: AwsCredentials,
  region: string,
  now: Date,
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.url.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': amzDate,
    ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    // The path is sent already encoded (encodeS3Key); S3 signs it as is, without encoding it again.
    request.url.pathname,
    canonicalQuery(request.url.searchParams),
    ...names.map((name) => `${name}:${headers[name].trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region),
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const { host: _host, ...toSend } = headers;
  return {
    ...toSend,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** RFC 3986 encoding, as SigV4 wants it: everything but unreserved characters. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An object key as a URL path: each segment encoded, the slashes kept. */
export const encodeS3Key = (key: string) => key.split('/').map(uriEncode).join('/');

function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}
