import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ApiModule } from '../../apps/api/src/api.module.js';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express-style, e.g. `/v2/monitor/:id/checks/:checkId`. */
  path: string;
}

/**
 * Every route the api serves, read from the Nest controllers' own metadata, so a test that walks
 * them covers new endpoints without being told.
 */
export function apiRoutes(): ApiRoute[] {
  const controllers: (new (...args: never[]) => unknown)[] =
    Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, ApiModule) ?? [];
  return controllers.flatMap((controller) => {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const prototype = controller.prototype as Record<string, unknown>;
    return Object.getOwnPropertyNames(prototype).flatMap((name) => {
      const handler = prototype[name];
      if (typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler)) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
      const path = `/${[base, sub]
        .map((part) => part.replace(/^\/|\/$/g, ''))
        .filter(Boolean)
        .join('/')}`;
      return [{ method: method as ApiRoute['method'], path }];
    });
  });
}
