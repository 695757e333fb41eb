import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isUuid, LiveViewInputDto, TrawlError, validateLiveViewInput } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { correlationIdOf } from '../http/correlation-id.js';
import { BrowserSessionsService } from './browser-sessions.service.js';
import { liveViewPage } from './live-view-page.js';
import { type LiveViewKind, LiveViewUrls } from './live-view-urls.js';

/** Live views may be embedded anywhere; the page itself loads nothing but its own frames. */
const LIVE_VIEW_CSP =
  "default-src 'none'; img-src blob:; connect-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors *";

/**
 * A browser session's live view (`liveViewUrl`) and interactive live view
 * (`interactiveLiveViewUrl`): the signature in the URL is the only credential, as for files.
 */
@Controller('v2/browser/:sessionId')
export class LiveViewHttpController {
  constructor(
    private readonly sessions: BrowserSessionsService,
    private readonly urls: LiveViewUrls,
  ) {}

  @OpenApiOperation({
    summary: "A browser session's live view page, by its signed URL",
    errors: ['FORBIDDEN', 'FILE_URL_EXPIRED'],
    success: { description: 'The live view page', contentType: 'text/html', schema: { type: 'string' } },
  })
  @Get(':kind')
  page(
    @Param('sessionId') sessionId: string,
    @Param('kind') kind: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Res() response: Response,
  ) {
    const query = this.checked(sessionId, kind, expires, signature);
    const html = liveViewPage({
      frame: `${kind}/frame?${query}`,
      ...(kind === 'interactive' ? { input: `interactive/input?${query}` } : {}),
    });
    response.removeHeader('X-Frame-Options');
    response
      .status(200)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': LIVE_VIEW_CSP })
      .send(html);
  }

  @OpenApiOperation({
    summary: "What a browser session's page shows now, as a JPEG (a live view's frame)",
    errors: ['FORBIDDEN', 'FILE_URL_EXPIRED', 'BROWSER_SESSION_ENDED'],
    success: { description: 'The frame', contentType: 'image/jpeg', schema: { type: 'string' } },
  })
  @Get(':kind/frame')
  async frame(
    @Param('sessionId') sessionId: string,
    @Param('kind') kind: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    this.checked(sessionId, kind, expires, signature);
    const frame = await this.sessions.frame(sessionId, correlationIdOf(request));
    response
      .status(200)
      .set({
        'Content-Type': 'image/jpeg',
        'Cache-Control': 'no-store',
        'X-Page-Url': encodeURIComponent(frame.url),
        'X-Page-Title': encodeURIComponent(frame.title),
      })
      .send(Buffer.from(frame.jpeg, 'base64'));
  }

  @OpenApiOperation({
    summary: "A click, typing, key or scroll on a browser session's page (interactive live view)",
    body: LiveViewInputDto,
    errors: ['BAD_REQUEST', 'FORBIDDEN', 'FILE_URL_EXPIRED', 'BROWSER_SESSION_ENDED'],
  })
  @Post('interactive/input')
  @HttpCode(200)
  input(
    @Param('sessionId') sessionId: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Body() body: unknown,
    @Req() request: Request,
  ) {
    this.checked(sessionId, 'interactive', expires, signature);
    const validated = validateLiveViewInput(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.sessions.input(sessionId, validated.value, correlationIdOf(request));
  }

  /** The URL's query as signed, once its signature holds for this session and kind of view. */
  private checked(sessionId: string, kind: string, expires: unknown, signature: unknown): string {
    if (!isUuid(sessionId) || (kind !== 'live' && kind !== 'interactive')) {
      throw new TrawlError('NOT_FOUND', 'No such live view');
    }
    const given = {
      expires: typeof expires === 'string' ? expires : '',
      signature: typeof signature === 'string' ? signature : '',
    };
    const check = this.urls.check(sessionId, kind as LiveViewKind, given.expires, given.signature);
    if (!check.valid) {
      throw check.reason === 'expired'
        ? new TrawlError('FILE_URL_EXPIRED', 'This live view URL has expired')
        : new TrawlError('FORBIDDEN', 'Invalid live view URL signature');
    }
    return new URLSearchParams(given).toString();
  }
}
