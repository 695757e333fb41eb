import { type AwsCredentials, encodeS3Key, type RequestToSign, sha256Hex, signS3Request } from './sigv4.js';

export interface S3Settings extends AwsCredentials {
  /** `https://s3.<region>.amazonaws.com` when unset; a MinIO / R2 / Ceph endpoint otherwise. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** `<endpoint>/<bucket>/<key>` (MinIO and most self-hosted servers) instead of `<bucket>.<host>/<key>`. */
  forcePathStyle: boolean;
}

export interface S3Object {
  bytes: Uint8Array;
  lastModified: Date;
}

export interface S3Listing {
  key: string;
  lastModified: Date;
}

/** The S3 error the server sent, with its HTTP status and code. */
export class S3RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3RequestError';
  }
}

/**
 * The four S3 calls the blob store needs, over fetch with SigV4-signed headers: PutObject,
 * GetObject, DeleteObject, ListObjectsV2 (a prefix, every page).
 */
export class S3Client {
  private readonly base: URL;

  constructor(private readonly settings: S3Settings) {
    const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
    this.base = settings.forcePathStyle
      ? new URL(`${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${settings.bucket}/`)
      : new URL(
          `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}/`,
        );
  }

  async putObject(key: string, bytes: Uint8Array): Promise<void> {
    await this.send({ method: 'PUT', url: this.objectUrl(key), payloadHash: sha256Hex(bytes) }, bytes);
  }

  /** undefined when there is no such key (but an error when there is no such bucket). */
  async getObject(key: string): Promise<S3Object | undefined> {
    try {
      const response = await this.send({
        method: 'GET',
        url: this.objectUrl(key),
        payloadHash: sha256Hex(''),
      });
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        lastModified: new Date(response.headers.get('last-modified') ?? 0),
      };
    } catch (error) {
      if (error instanceof S3RequestError && error.code === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /** Deleting a key that does not exist succeeds, as in S3. */
  async deleteObject(key: string): Promise<void> {
    await this.send({ method: 'DELETE', url: this.objectUrl(key), payloadHash: sha256Hex('') });
  }

  async *listObjects(prefix: string): AsyncGenerator<S3Listing> {
    let continuationToken: string | undefined;
    do {
      const url = new URL(this.base);
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', prefix);
      // Keys come back URL-encoded, so no XML entity can hide in them.
      url.searchParams.set('encoding-type', 'url');
      if (continuationToken) url.searchParams.set('continuation-token', continuationToken);
      const response = await this.send({ method: 'GET', url, payloadHash: sha256Hex('') });
      const xml = await response.text();
      for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        yield {
          key: decodeURIComponent(tagText(contents, 'Key') ?? ''),
          lastModified: new Date(tagText(contents, 'LastModified') ?? 0),
        };
      }
      continuationToken =
        tagText(xml, 'IsTruncated') === 'true'
          ? unescapeXml(tagText(xml, 'NextContinuationToken') ?? '')
          : undefined;
    } while (continuationToken);
  }

  private objectUrl(key: string): URL {
    return new URL(encodeS3Key(key), this.base);
  }

  private async send(request: RequestToSign, body?: Uint8Array): Promise<Response> {
    const headers = signS3Request(request, this.settings, this.settings.region, new Date());
    // Any Uint8Array is a valid body; the DOM typings only name ArrayBuffer-backed ones.
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body: body as BodyInit | undefined,
    });
    if (response.ok) return response;
    const text = await response.text();
    throw new S3RequestError(
      response.status,
      tagText(text, 'Code') ?? `HTTP ${response.status}`,
      `S3 ${request.method} ${request.url.pathname} failed: ${response.status} ${tagText(text, 'Message') ?? text.slice(0, 200)}`,
    );
  }
}

function tagText(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => XML_ENTITIES[name]);
}
const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
