import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
  Req,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { MAX_PARSE_FILE_BYTES, type ParseUpload, TrawlError, validateParseRequest } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { ParseService } from './parse.service.js';

@Controller('v2/parse')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class ParseHttpController {
  constructor(private readonly parses: ParseService) {}

  @OpenApiOperation({
    summary: 'The file types /v2/parse takes, and whether this build reads each',
    description:
      'PDF, Word .docx, Excel .xlsx, CSV, EPUB and HTML are read by Trawl itself; the other office formats by LibreOffice, and are available when this server has it (and its sandbox). Uploading a type whose entry says available false answers 501 FEATURE_NOT_AVAILABLE with the reason.',
  })
  @Get('formats')
  @Header('Cache-Control', 'private, max-age=3600')
  async formats() {
    return { success: true, data: { formats: await this.parses.formats() } };
  }

  @OpenApiOperation({
    summary:
      'Convert an uploaded file (PDF, office document, spreadsheet, presentation, CSV or HTML) as a scraped page',
    description:
      "multipart/form-data: a 'file' part (up to 50 MB) and an optional 'options' part, a JSON string of scrape options (formats, onlyMainContent, includeTags, excludeTags, parsers, timeout, …) without those that need a page visit.",
    bodySchema: {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary' },
        options: { type: 'string', description: 'JSON object of scrape options' },
        zeroDataRetention: { type: 'string', enum: ['true', 'false'] },
        origin: { type: 'string' },
        integration: { type: 'string' },
      },
      required: ['file'],
    },
    bodyContentType: 'multipart/form-data',
    errors: [
      'PARSE_UNSUPPORTED_OPTIONS',
      'UNSUPPORTED_FILE_TYPE',
      'PAYLOAD_TOO_LARGE',
      'SCRAPE_TIMEOUT',
      'CONCURRENCY_QUEUE_TIMEOUT',
      'SCRAPE_PDF_INVALID',
      'SCRAPE_PDF_ENCRYPTED',
      'FEATURE_NOT_AVAILABLE',
    ],
  })
  @Post()
  @HttpCode(200)
  @UseGuards(CreditsGuard)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_PARSE_FILE_BYTES, files: 1 } }))
  async parse(
    @UploadedFile() file: ParseUpload['file'],
    @Body() fields: unknown,
    @CallerOf() caller: Caller,
    @Req() req: Request,
  ) {
    const validated = validateParseRequest({ file, fields: isRecord(fields) ? fields : {} });
    if (!validated.ok) throw new TrawlError(validated.code, validated.error, validated.details);
    const data = await this.parses.parse(caller, validated.value, correlationIdOf(req));
    return { success: true, data };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
