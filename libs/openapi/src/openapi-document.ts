import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import {
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/internal.js';
import { type DtoClass, DtoSchemas, type JsonSchema } from './dto-schema.js';
import { OPENAPI_OPERATION, type OpenApiOperationOptions } from './openapi-operation.decorator.js';

/** One route as Nest registers it: an HTTP method and an Express path (`/v2/crawl/:id`). */
export interface NestRoute {
  method: string;
  path: string;
  controller: DtoClass;
  handler: string;
}

/** What a guard on a route means for its callers. */
export interface GuardDocumentation {
  /** Name of the security scheme the guard checks. */
  security?: string;
  /** Error codes the guard answers with. */
  errors: string[];
}

export interface OpenApiSources {
  info: { title: string; version: string; description: string };
  serverUrl: string;
  /** The controllers of the running app, as Nest discovered them. */
  controllers: DtoClass[];
  guards: Map<DtoClass, GuardDocumentation>;
  securitySchemes: Record<string, JsonSchema>;
  /** HTTP status of an error code (the API's own table). */
  statusOfErrorCode: (code: string) => number;
}

/** Every route of these controllers, read from the metadata Nest routes by. */
export function nestRoutes(controllers: DtoClass[]): NestRoute[] {
  return controllers.flatMap((controller) => {
    const prototype = controller.prototype as Record<string, unknown>;
    return Object.getOwnPropertyNames(prototype).flatMap((handler) => {
      const fn = prototype[handler];
      const method = typeof fn === 'function' ? Reflect.getMetadata(METHOD_METADATA, fn) : undefined;
      if (method === undefined || handler === 'constructor') return [];
      const paths = combinations(
        Reflect.getMetadata(PATH_METADATA, controller),
        Reflect.getMetadata(PATH_METADATA, fn as object),
      );
      return paths.map((path) => ({
        method: RequestMethod[method as RequestMethod].toLowerCase(),
        path,
        controller,
        handler,
      }));
    });
  });
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);

function combinations(controllerPaths: unknown, handlerPaths: unknown): string[] {
  return asList(controllerPaths).flatMap((base) =>
    asList(handlerPaths).map((path) =>
      `/${[base, path].join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'),
    ),
  );
}

/** `/v2/crawl/:id` → `/v2/crawl/{id}`; Express patterns OpenAPI cannot say are refused. */
export function openApiPath(expressPath: string): string {
  if (/[*?()]/.test(expressPath))
    throw new Error(`${expressPath}: wildcard and optional segments have no OpenAPI form`);
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

const ERROR_DETAIL: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'array', items: { type: ['string', 'integer'] }, description: 'Where in the body' },
    message: { type: 'string', description: 'Which rule failed' },
  },
  required: ['path', 'message'],
};

const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  description: "Every error: Firecrawl's envelope",
  properties: {
    success: { const: false },
    code: { type: 'string', description: 'Machine-readable error code, e.g. SCRAPE_TIMEOUT' },
    error: { type: 'string', description: 'What went wrong, for people' },
    details: { type: 'array', items: { $ref: '#/components/schemas/ErrorDetail' } },
  },
  required: ['success', 'code', 'error'],
};

const SUCCESS_ENVELOPE: JsonSchema = {
  type: 'object',
  description: 'A successful answer; `data` holds the result where the route returns one',
  properties: { success: { const: true } },
  required: ['success'],
};

const BODY_ERRORS = ['BAD_REQUEST', 'BAD_REQUEST_INVALID_JSON', 'PAYLOAD_TOO_LARGE'];

/**
 * The OpenAPI 3.1 document of the running API, generated from the controllers Nest discovered:
 * routes, path and query parameters and guards from Nest's metadata, bodies from the
 * class-validator DTOs, the rest from each route's `@OpenApiOperation`. A route without one is
 * refused, so a new endpoint cannot go undocumented.
 */
export function buildOpenApiDocument(sources: OpenApiSources): JsonSchema {
  const dtos = new DtoSchemas();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of nestRoutes(sources.controllers)) {
    const handler = (route.controller.prototype as Record<string, object>)[route.handler];
    const options: OpenApiOperationOptions | undefined = Reflect.getMetadata(OPENAPI_OPERATION, handler);
    if (!options) throw new Error(`${route.controller.name}.${route.handler} has no @OpenApiOperation`);
    const guards = [
      ...(Reflect.getMetadata(GUARDS_METADATA, route.controller) ?? []),
      ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? []),
    ].map((guard: DtoClass) => {
      const documented = sources.guards.get(guard);
      if (!documented)
        throw new Error(`${route.controller.name}.${route.handler}: guard ${guard.name} is not documented`);
      return documented;
    });
    const body = options.body
      ? dtos.ref(options.body)
      : typeof options.bodySchema === 'function'
        ? options.bodySchema(dtos)
        : options.bodySchema;
    const errors = [
      ...guards.flatMap((guard) => guard.errors),
      ...(body ? BODY_ERRORS : []),
      ...(options.errors ?? []),
    ];
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId: `${tagOf(route.controller).replaceAll(' ', '')}.${route.handler}`,
      summary: options.summary,
      ...(options.description ? { description: options.description } : {}),
      tags: [tagOf(route.controller)],
      parameters: parametersOf(route, options),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { [options.bodyContentType ?? 'application/json']: { schema: body } },
            },
          }
        : {}),
      responses: {
        [successStatus(route, handler)]: successResponse(options),
        ...errorResponses(errors, sources.statusOfErrorCode),
      },
      security: guards.flatMap((guard) => (guard.security ? [{ [guard.security]: [] }] : [])),
    };
  }
  return {
    openapi: '3.1.0',
    info: sources.info,
    servers: [{ url: sources.serverUrl }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: {
        ...dtos.all(),
        ErrorEnvelope: ERROR_ENVELOPE,
        ErrorDetail: ERROR_DETAIL,
        SuccessEnvelope: SUCCESS_ENVELOPE,
      },
      securitySchemes: sources.securitySchemes,
    },
  };
}

/** `MonitorHttpController` → `Monitor`, `AdminStreamsHttpController` → `Admin streams`. */
function tagOf(controller: DtoClass): string {
  const words = controller.name.replace(/HttpController$/, '').split(/(?=[A-Z])/);
  return [words[0], ...words.slice(1).map((word) => word.toLowerCase())].join(' ');
}

function parametersOf(route: NestRoute, options: OpenApiOperationOptions): JsonSchema[] {
  const inPath = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const args: Record<string, { index: number; data?: unknown }> =
    Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, route.handler) ?? {};
  const namedQueries = Object.entries(args)
    .filter(([key, arg]) => key.startsWith(`${RouteParamtypes.QUERY}:`) && typeof arg.data === 'string')
    .sort(([, a], [, b]) => a.index - b.index)
    .map(([, arg]) => ({
      name: arg.data as string,
      in: 'query',
      required: false,
      schema: { type: 'string' },
    }));
  const described = Object.entries(options.query ?? {}).map(([name, query]) => ({
    name,
    in: 'query',
    required: false,
    description: query.description,
    schema: query.schema,
  }));
  return [...inPath, ...namedQueries.filter((query) => !options.query?.[query.name]), ...described];
}

function successStatus(route: NestRoute, handler: object): string {
  const explicit: number | undefined = Reflect.getMetadata(HTTP_CODE_METADATA, handler);
  return String(explicit ?? (route.method === 'post' ? 201 : 200));
}

function successResponse(options: OpenApiOperationOptions): JsonSchema {
  if (options.success) {
    return {
      description: options.success.description,
      content: { [options.success.contentType]: { schema: options.success.schema ?? {} } },
    };
  }
  return {
    description: 'Success',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/SuccessEnvelope' } } },
  };
}

/** One response per status, listing its codes; every one in the error envelope. */
function errorResponses(codes: string[], statusOf: (code: string) => number): Record<string, JsonSchema> {
  const byStatus = new Map<string, string[]>();
  for (const code of new Set(codes)) {
    const status = String(statusOf(code));
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, statusCodes]) => [
        status,
        {
          description: statusCodes.join(', '),
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorEnvelope' },
                  { properties: { code: { enum: statusCodes } } },
                ],
              },
            },
          },
        },
      ]),
  );
}
