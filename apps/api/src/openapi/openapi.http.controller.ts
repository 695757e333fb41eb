import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, Inject, Param, Res } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Response } from 'express';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { statusOfErrorCode, TrawlError } from '#contracts';
import { buildOpenApiDocument, type DtoClass, type JsonSchema, OpenApiOperation } from '#openapi';
import { API_INFO, GUARD_DOCUMENTATION, SECURITY_SCHEMES } from './openapi-sources.js';

/** Files of the swagger-ui-dist package the reference page loads, by the name it asks for them. */
const SWAGGER_UI_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The page and its start script are separate files, so a strict Content-Security-Policy (no inline script) holds. */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Trawl API reference</title>
<link rel="stylesheet" href="/v2/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/v2/docs/swagger-ui-bundle.js"></script>
<script src="/v2/docs/reference.js"></script>
</body>
</html>
`;

const REFERENCE_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/v2/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false });
`;

/** `GET /v2/openapi.json`: the OpenAPI 3.1 document of this server; `GET /v2/docs`: an interactive reference of it. */
@Controller('v2')
export class OpenApiHttpController {
  private document?: JsonSchema;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
  ) {}

  @Get('openapi.json')
  @OpenApiOperation({
    summary: 'This OpenAPI 3.1 document',
    success: { description: 'The document', contentType: 'application/json', schema: { type: 'object' } },
  })
  openApi(): JsonSchema {
    // Routes and DTOs are fixed once the app runs: build the document once.
    this.document ??= buildOpenApiDocument({
      info: API_INFO,
      serverUrl: this.config.publicUrl,
      controllers: this.discovery
        .getControllers()
        .map((wrapper) => wrapper.metatype)
        .filter((metatype): metatype is DtoClass => typeof metatype === 'function'),
      guards: GUARD_DOCUMENTATION,
      securitySchemes: SECURITY_SCHEMES,
      statusOfErrorCode,
    });
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @OpenApiOperation({
    summary: 'Interactive API reference (Swagger UI, served by Trawl itself)',
    success: { description: 'An HTML page', contentType: 'text/html' },
  })
  referencePage(): string {
    return REFERENCE_PAGE;
  }

  @Get('docs/:asset')
  @OpenApiOperation({
    summary: 'A script or stylesheet of the reference page',
    errors: ['NOT_FOUND', 'FEATURE_NOT_AVAILABLE'],
    success: { description: 'The file', contentType: 'text/javascript' },
  })
  async referenceAsset(@Param('asset') asset: string, @Res() response: Response) {
    if (asset === 'reference.js') {
      response.type('text/javascript; charset=utf-8').send(REFERENCE_SCRIPT);
      return;
    }
    const contentType = SWAGGER_UI_ASSETS[asset];
    if (!contentType) throw new TrawlError('NOT_FOUND', `No such file of the reference page: ${asset}`);
    response.type(contentType).send(await readFile(join(swaggerUiDirectory(), asset)));
  }
}

/** Where npm installed swagger-ui-dist; a server without it says so instead of serving a blank page. */
function swaggerUiDirectory(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    throw new TrawlError(
      'FEATURE_NOT_AVAILABLE',
      'The API reference page needs the swagger-ui-dist npm package: run npm install. GET /v2/openapi.json works without it.',
    );
  }
}
