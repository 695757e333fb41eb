import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  bytes: Buffer;
  lastModified: Date;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;

/**
 * An in-process S3-compatible HTTP server for tests, so the blob store's S3 adapter (the real
 * `@aws-sdk/client-s3`) is tested over real HTTP: path-style PutObject, GetObject, HeadObject, DeleteObject and ListObjectsV2 (prefix,
 * continuation, `encoding-type=url`) on buckets held in memory. Every request must carry SigV4
 * headers for the configured access key (signed host and x-amz-date, a well-formed signature)
 * and a payload hash that matches the body; the signature itself is not recomputed.
 * Not implemented: virtual-hosted URLs, multipart uploads, ranges, versioning, ACLs.
 */
export class S3TestServer {
  readonly accessKeyId = 'TRAWLTESTACCESSKEY';
  readonly secretAccessKey = 'trawl-test-secret-access-key';
  readonly region = 'eu-test-1';
  /** Every request seen, for assertions: method, path and query. */
  readonly requests: { method: string; path: string }[] = [];
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private readonly server: Server = createServer((req, res) => {
    this.handle(req, res).catch((error: Error) => reply(res, 500, errorXml('InternalError', error.message)));
  });

  /**
   * `listPageSize` caps the keys of one listing page below the client's `max-keys` (1,000), as S3
   * may: tests cross page boundaries with a few hundred objects instead of thousands.
   */
  private constructor(private readonly listPageSize: number) {}

  static async start(buckets: string[], { listPageSize = 1000 } = {}): Promise<S3TestServer> {
    const server = new S3TestServer(listPageSize);
    for (const bucket of buckets) server.buckets.set(bucket, new Map());
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Keys held in a bucket. */
  keys(bucket: string): string[] {
    return [...(this.buckets.get(bucket)?.keys() ?? [])].sort();
  }

  /** Makes an object look written `ms` earlier (TTL tests without waiting). */
  backdate(bucket: string, key: string, ms: number): void {
    const object = this.buckets.get(bucket)?.get(key);
    if (!object) throw new Error(`no object ${bucket}/${key}`);
    object.lastModified = new Date(object.lastModified.getTime() - ms);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.endpoint);
    this.requests.push({ method: req.method ?? '', path: url.pathname + url.search });
    const body = await readBody(req);
    const denied = this.authorisationError(req, body);
    if (denied) return reply(res, 403, errorXml(denied.code, denied.message));

    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const bucket = this.buckets.get(decodeURIComponent(bucketName ?? ''));
    if (!bucket) return reply(res, 404, errorXml('NoSuchBucket', 'The specified bucket does not exist'));
    const key = keyParts.map(decodeURIComponent).join('/');

    if (!key) {
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2')
        return reply(res, 200, listObjects(bucket, url.searchParams, this.listPageSize), 'application/xml');
      return reply(res, 501, errorXml('NotImplemented', `${req.method} on a bucket is not implemented`));
    }
    switch (req.method) {
      case 'PUT':
        bucket.set(key, { bytes: body, lastModified: new Date() });
        res.setHeader('etag', `"${createHash('md5').update(body).digest('hex')}"`);
        return reply(res, 200, '');
      case 'GET':
      case 'HEAD': {
        const object = bucket.get(key);
        if (!object) return reply(res, 404, errorXml('NoSuchKey', 'The specified key does not exist.'));
        res.setHeader('last-modified', object.lastModified.toUTCString());
        res.setHeader('content-length', object.bytes.length);
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(req.method === 'GET' ? object.bytes : undefined);
      }
      case 'DELETE':
        bucket.delete(key);
        res.writeHead(204);
        return res.end();
      default:
        return reply(res, 501, errorXml('NotImplemented', `${req.method} is not implemented`));
    }
  }

  /** SigV4 header form: the right key and region, host and date signed, the body's hash declared. */
  private authorisationError(
    req: IncomingMessage,
    body: Buffer,
  ): { code: string; message: string } | undefined {
    const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
    if (!match) return { code: 'AccessDenied', message: 'Missing or malformed SigV4 Authorization header' };
    const [, accessKeyId, day, region, signedHeaders] = match;
    if (accessKeyId !== this.accessKeyId)
      return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist' };
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (region !== this.region || !amzDate.startsWith(day))
      return {
        code: 'AuthorizationHeaderMalformed',
        message: 'Wrong region or date in the credential scope',
      };
    const signed = signedHeaders.split(';');
    if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((name) => signed.includes(name)))
      return { code: 'AccessDenied', message: 'host, x-amz-date and x-amz-content-sha256 must be signed' };
    const declared = req.headers['x-amz-content-sha256'];
    if (declared !== 'UNSIGNED-PAYLOAD' && declared !== createHash('sha256').update(body).digest('hex'))
      return {
        code: 'XAmzContentSHA256Mismatch',
        message: 'The provided x-amz-content-sha256 does not match',
      };
    return undefined;
  }
}

function listObjects(bucket: Map<string, StoredObject>, params: URLSearchParams, pageSize: number): string {
  const prefix = params.get('prefix') ?? '';
  const maxKeys = Number(params.get('max-keys') ?? 1000);
  // The token is opaque to clients: here, the last key of the previous page in base64.
  const after = Buffer.from(params.get('continuation-token') ?? '', 'base64').toString('utf8');
  const urlEncoded = params.get('encoding-type') === 'url';
  const keys = [...bucket.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, Math.min(maxKeys, pageSize));
  const truncated = keys.length > page.length;
  const name = (key: string) => escapeXml(urlEncoded ? encodeURIComponent(key) : key);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    `<Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>`,
    `<IsTruncated>${truncated}</IsTruncated>`,
    truncated
      ? `<NextContinuationToken>${Buffer.from(page.at(-1) ?? '').toString('base64')}</NextContinuationToken>`
      : '',
    ...page.map((key) => {
      const object = bucket.get(key) as StoredObject;
      return `<Contents><Key>${name(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    }),
    '</ListBucketResult>',
  ].join('');
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function reply(res: ServerResponse, status: number, body: string, contentType = 'application/xml') {
  res.writeHead(status, { 'content-type': contentType });
  res.end(body);
}

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`;
}

const XML_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => XML_ENTITIES[char]);
}
