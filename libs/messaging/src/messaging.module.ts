import type { NatsConnection } from '@nats-io/transport-node';
import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { S3BlobSettings } from '#config';
import { type NatsNames, natsNames } from '#contracts';
import type { BlobStoreOpener } from './blob-store/blob-store.js';
import { blobStoreOpener } from './blob-store/open-blob-store.js';
import { CommandBus } from './command-bus.js';
import { connectNats } from './nats-connection.js';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const NATS_NAMES = Symbol('NATS_NAMES');
export const BLOB_STORE = Symbol('BLOB_STORE');
/** Opens further named stores (e.g. `<prefix>_profiles`) on the configured backend. */
export const BLOB_STORE_OPENER = Symbol('BLOB_STORE_OPENER');
/** Files handed out by signed URL: screenshots and PDFs, kept as long as their URLs are valid. */
export const FILE_STORE = Symbol('FILE_STORE');
export const FILE_TTL_MS = 24 * 3600 * 1000;
/** Audio and video handed out by signed URL: bigger, so kept for an hour only. */
export const MEDIA_STORE = Symbol('MEDIA_STORE');
export const MEDIA_TTL_MS = 3600 * 1000;

export interface MessagingOptions {
  natsUrl: string;
  natsPrefix: string;
  /** Client name shown by the NATS server, e.g. `trawl-standalone`. */
  clientName: string;
  /** Blob stores in this S3-compatible bucket instead of the JetStream object store. */
  s3?: S3BlobSettings;
}

class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown() {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}

/** One NATS connection per process, shared by every app module composed into it. */
@Global()
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        { provide: NATS_NAMES, useValue: natsNames(options.natsPrefix) },
        {
          provide: NATS_CONNECTION,
          useFactory: () => connectNats({ servers: options.natsUrl, name: options.clientName }),
        },
        {
          provide: CommandBus,
          inject: [NATS_CONNECTION, NATS_NAMES],
          useFactory: (nc: NatsConnection, names: NatsNames) => new CommandBus(nc, names),
        },
        {
          provide: BLOB_STORE_OPENER,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) => blobStoreOpener(nc, options.s3),
        },
        {
          provide: BLOB_STORE,
          inject: [BLOB_STORE_OPENER, NATS_NAMES],
          useFactory: (open: BlobStoreOpener, names: NatsNames) => open(names.blobBucket),
        },
        {
          provide: FILE_STORE,
          inject: [BLOB_STORE_OPENER, NATS_NAMES],
          useFactory: (open: BlobStoreOpener, names: NatsNames) =>
            open(names.filesBucket, { ttlMs: FILE_TTL_MS }),
        },
        {
          provide: MEDIA_STORE,
          inject: [BLOB_STORE_OPENER, NATS_NAMES],
          useFactory: (open: BlobStoreOpener, names: NatsNames) =>
            open(names.mediaBucket, { ttlMs: MEDIA_TTL_MS }),
        },
        NatsConnectionCloser,
      ],
      exports: [
        NATS_NAMES,
        NATS_CONNECTION,
        CommandBus,
        BLOB_STORE_OPENER,
        BLOB_STORE,
        FILE_STORE,
        MEDIA_STORE,
      ],
    };
  }
}
