import { SetMetadata } from '@nestjs/common';
import type { DtoClass, DtoSchemas, JsonSchema } from './dto-schema.js';

export const OPENAPI_OPERATION = 'trawl:openapi-operation';

/** What a route's own code says about it; paths, methods, path and query names, guards and status come from Nest's metadata. */
export interface OpenApiOperationOptions {
  summary: string;
  description?: string;
  /** The class-validator DTO the handler validates its JSON body with. */
  body?: DtoClass;
  /** For bodies not described by one DTO as it is: built from the DTO schemas, or written out. */
  bodySchema?: JsonSchema | ((dtos: DtoSchemas) => JsonSchema);
  /** The body's media type, when it is not JSON (an upload: `multipart/form-data`). */
  bodyContentType?: string;
  /** Query parameters the handler reads through `@Query()` as a whole object. */
  query?: Record<string, { description: string; schema: JsonSchema }>;
  /** Error codes this route answers with, besides the ones its guards and body imply. */
  errors?: string[];
  /** When the success answer is not the JSON envelope `{success: true, …}`. */
  success?: { description: string; contentType: string; schema?: JsonSchema };
}

/** Documents a route in `GET /v2/openapi.json`; the test in test/operations fails for a route without it. */
export const OpenApiOperation = (options: OpenApiOperationOptions) => SetMetadata(OPENAPI_OPERATION, options);
