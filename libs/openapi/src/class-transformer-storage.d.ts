// class-transformer keeps `@Type(() => Dto)` targets in this module-level storage; it ships no typings for the path.
declare module 'class-transformer/cjs/storage.js' {
  import type { MetadataStorage } from 'class-transformer/types/MetadataStorage.js';
  export const defaultMetadataStorage: MetadataStorage;
}
