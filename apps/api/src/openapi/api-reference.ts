import type { INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { TrawlConfig } from '#config';
import { statusOfErrorCode } from '#contracts';
import { buildOpenApiDocument, type DtoClass } from '#openapi';
import { API_INFO, GUARD_DOCUMENTATION, SECURITY_SCHEMES } from './openapi-sources.js';

/**
 * `GET /v2/openapi.json`, the OpenAPI 3.1 document of this server, and `GET /v2/docs`, Swagger UI
 * on it, served by @nestjs/swagger from the swagger-ui-dist package (nothing from a CDN). The
 * document itself is Trawl's own (`#openapi`): @nestjs/swagger reads class-validator rules only
 * through its compile-time plugin, which the plain `tsc` build does not run.
 */
export function serveApiReference(app: INestApplication, config: TrawlConfig): void {
  let document: OpenAPIObject | undefined;
  // Built on first request, once every controller is registered; routes and DTOs never change after.
  const documentOfThisServer = () =>
    (document ??= buildOpenApiDocument({
      info: API_INFO,
      serverUrl: config.publicUrl,
      controllers: app
        .get(DiscoveryService)
        .getControllers()
        .map((wrapper) => wrapper.metatype)
        .filter((metatype): metatype is DtoClass => typeof metatype === 'function'),
      guards: GUARD_DOCUMENTATION,
      securitySchemes: SECURITY_SCHEMES,
      statusOfErrorCode,
    }) as unknown as OpenAPIObject);
  SwaggerModule.setup('v2/docs', app, documentOfThisServer, {
    jsonDocumentUrl: 'v2/openapi.json',
    raw: ['json'],
    customSiteTitle: 'Trawl API reference',
  });
}
