import { MODULE_METADATA } from '@nestjs/common/constants.js';
import { nestRoutes } from '#openapi';
import { ApiModule } from '../../apps/api/src/api.module.js';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express-style, e.g. `/v2/monitor/:id/checks/:checkId`. */
  path: string;
}

/**
 * Every route the api serves, read from its Nest controllers' metadata (as the OpenAPI document
 * is), so a test that walks them covers new endpoints without being told.
 */
export function apiRoutes(): ApiRoute[] {
  return nestRoutes(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, ApiModule) ?? []).map(
    ({ method, path }) => ({
      method: method.toUpperCase() as ApiRoute['method'],
      path,
    }),
  );
}
