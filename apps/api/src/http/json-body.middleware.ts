import express, { type RequestHandler } from 'express';

const parseJson = express.json({ limit: '10mb' });
/** Deeper bodies would overflow the validators' recursion; no request of the API nests past a few levels. */
const MAX_NESTING = 100;

/**
 * JSON bodies, with a malformed body answered as Firecrawl does (400 BAD_REQUEST_INVALID_JSON)
 * instead of Express's HTML error page.
 */
export const jsonBody: RequestHandler = (req, res, next) =>
  parseJson(req, res, (error?: unknown) => {
    if (!error) {
      if (!nestedDeeperThan(req.body, MAX_NESTING)) return next();
      res.status(400).json({
        success: false,
        code: 'BAD_REQUEST',
        error: `Request body is nested deeper than ${MAX_NESTING} levels`,
      });
      return;
    }
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    res.status(tooLarge ? 413 : 400).json({
      success: false,
      code: tooLarge ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST_INVALID_JSON',
      error: tooLarge ? 'Request body is larger than 10 MB' : 'Request body is not valid JSON',
    });
  });

/** Iterative, so that measuring a hostile body cannot overflow the stack either. */
function nestedDeeperThan(body: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[body, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}
