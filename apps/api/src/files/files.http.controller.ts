import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { TrawlError } from '#contracts';
import { type BlobStore, FILE_STORE } from '#messaging';
import { FileUrls } from './file-urls.js';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** Serves screenshots and PDFs by signed URL; the signature is the only credential. */
@Controller('v2/files')
export class FilesHttpController {
  constructor(
    private readonly urls: FileUrls,
    @Inject(FILE_STORE) private readonly files: BlobStore,
  ) {}

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
    const bytes = await this.files.getBytes(key);
    if (!bytes) throw new TrawlError('NOT_FOUND', 'File not found or expired');
    response
      .status(200)
      .type(CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream')
      .send(Buffer.from(bytes));
  }
}
