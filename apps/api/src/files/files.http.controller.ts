import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { TrawlError } from '#contracts';
import { type BlobStore, FILE_STORE, MEDIA_STORE } from '#messaging';
import { OpenApiOperation } from '#openapi';
import { fileKind } from './file-kinds.js';
import { FileUrls } from './file-urls.js';

/** Serves screenshots, PDFs, audio and video by signed URL; the signature is the only credential. */
@Controller('v2/files')
export class FilesHttpController {
  constructor(
    private readonly urls: FileUrls,
    @Inject(FILE_STORE) private readonly files: BlobStore,
    @Inject(MEDIA_STORE) private readonly media: BlobStore,
  ) {}

  @OpenApiOperation({
    summary: 'A screenshot, PDF or media file by its signed URL',
    errors: ['FORBIDDEN', 'FILE_URL_EXPIRED', 'NOT_FOUND'],
    success: {
      description: 'The file',
      contentType: 'application/octet-stream',
      schema: { type: 'string', contentMediaType: 'application/octet-stream' },
    },
  })
  @Get(':scrapeId/:name')
  async file(
    @Param('scrapeId') scrapeId: string,
    @Param('name') name: string,
    @Query('expires') expires = '',
    @Query('signature') signature = '',
    @Res() response: Response,
  ) {
    const key = `${scrapeId}/${name}`;
    const check = this.urls.check(key, expires, signature);
    if (!check.valid) {
      throw check.reason === 'expired'
        ? new TrawlError('FILE_URL_EXPIRED', 'This file URL has expired')
        : new TrawlError('FORBIDDEN', 'Invalid file URL signature');
    }
    const kind = fileKind(name);
    const bytes = await (kind.store === 'media' ? this.media : this.files).getBytes(key);
    if (!bytes) throw new TrawlError('NOT_FOUND', 'File not found or expired');
    response.status(200).type(kind.contentType).send(Buffer.from(bytes));
  }
}
