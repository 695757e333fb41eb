import express, { type RequestHandler } from 'express';

const parseJson = express.json({ limit: '10mb' });

/**
 * JSON bodies, with a malformed body answered as Firecrawl does (400 BAD_REQUEST_INVALID_JSON)
 * instead of Express's HTML error page.
 */
export const jsonBody: RequestHandler = (req, res, next) =>
  parseJson(req, res, (error?: unknown) => {
    if (!error) return next();
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    res.status(tooLarge ? 413 : 400).json({
      success: false,
      code: tooLarge ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST_INVALID_JSON',
      error: tooLarge ? 'Request body is larger than 10 MB' : 'Request body is not valid JSON',
    });
  });
