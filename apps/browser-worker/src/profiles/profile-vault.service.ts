import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { LivePage, StorageState } from '#browser';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { NatsNames } from '#contracts';
import {
  BLOB_STORE_OPENER,
  type BlobStore,
  type BlobStoreOpener,
  lazyKv,
  NATS_CONNECTION,
  NATS_NAMES,
} from '#messaging';
import { LOGGER } from '#observability';
import { openProfile, sealProfile } from './profile-cipher.js';

/** A profile as a scrape or a browser session names it. */
export interface ProfileUse {
  name: string;
  saveChanges: boolean;
}

/** A write lock left behind by a crashed worker frees itself after this long. */
const LOCK_TTL_MS = 24 * 3600 * 1000;

/** A profile that cannot be used: held by another writer (409), or not readable with this key. */
export class ProfileError extends Error {
  constructor(
    readonly code: 'PROFILE_LOCKED' | 'PROFILE_UNREADABLE',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Named browser state per team (cookies and localStorage, as Playwright's storageState), sealed
 * with AES-256-GCM in the object store bucket `<prefix>_profiles`. A session that saves changes
 * holds the profile's write lock (KV bucket `<prefix>_profile_locks`) until it saves and lets go.
 */
@Injectable()
export class ProfileVault {
  private readonly key: Buffer;
  private store?: Promise<BlobStore>;
  private readonly locks: () => Promise<KV>;
  private readonly logger: Logger;

  constructor(
    @Inject(TRAWL_CONFIG) config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE_OPENER) private readonly openBlobStore: BlobStoreOpener,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'profiles' });
    this.key = config.profilesEncryptionKey
      ? Buffer.from(config.profilesEncryptionKey, 'base64')
      : localKey(config.dataDir);
    if (this.key.length !== 32) throw new Error('PROFILES_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
    this.locks = lazyKv(nc, names.kvBucket('profile_locks'), { ttl: LOCK_TTL_MS });
  }

  /**
   * The browser state a page starts from: its profile's, if it names one. A holder (a scrape or
   * a browser session) that saves changes takes the profile's write lock first (another
   * writer: PROFILE_LOCKED).
   */
  async open(holderId: string, teamId: string, profile?: ProfileUse): Promise<StorageState | undefined> {
    if (!profile) return undefined;
    const { name, saveChanges } = profile;
    if (saveChanges) await this.lock(teamId, name, holderId);
    try {
      const state = await this.load(teamId, name);
      this.logger.info({ holderId, profile: name, found: state !== undefined }, 'profile loaded');
      return state;
    } catch (error) {
      if (saveChanges) await this.unlock(teamId, name, holderId);
      throw error;
    }
  }

  /** Saves the page's state into its profile (when the holder saves changes) and gives up the write lock. */
  async release(holderId: string, teamId: string, profile?: ProfileUse, live?: LivePage): Promise<void> {
    if (!profile?.saveChanges) return;
    const { name } = profile;
    try {
      if (live) {
        const state = await live.context.storageState();
        await this.save(teamId, name, state);
        this.logger.info(
          { holderId, profile: name, cookies: state.cookies.length, origins: state.origins.length },
          'profile saved',
        );
      }
    } catch (error) {
      this.logger.error({ err: error, holderId, profile: name }, 'could not save the profile');
    } finally {
      await this.unlock(teamId, name, holderId);
    }
  }

  private async load(teamId: string, name: string): Promise<StorageState | undefined> {
    const sealed = await (await this.blobs()).getBytes(blobKey(teamId, name));
    if (!sealed) return undefined;
    try {
      return JSON.parse(openProfile(this.key, blobKey(teamId, name), sealed)) as StorageState;
    } catch {
      throw new ProfileError(
        'PROFILE_UNREADABLE',
        `Profile "${name}" cannot be decrypted with this worker's key (is PROFILES_ENCRYPTION_KEY the same on every worker?)`,
      );
    }
  }

  private async save(teamId: string, name: string, state: StorageState): Promise<void> {
    const sealed = sealProfile(this.key, blobKey(teamId, name), JSON.stringify(state));
    await (await this.blobs()).put(blobKey(teamId, name), sealed);
  }

  /** Takes the write lock for a holder (again, for a scrape's own replays); another holder means 409. */
  private async lock(teamId: string, name: string, holderId: string): Promise<void> {
    const locks = await this.locks();
    try {
      await locks.create(lockKey(teamId, name), holderId);
    } catch {
      const holder = await locks.get(lockKey(teamId, name));
      if (holder?.operation === 'PUT' && holder.string() === holderId) return;
      // Released meanwhile: try again.
      if (holder?.operation !== 'PUT') return this.lock(teamId, name, holderId);
      throw new ProfileError(
        'PROFILE_LOCKED',
        `Profile "${name}" is held by another session that saves changes; stop that session first, or use saveChanges: false`,
      );
    }
  }

  private async unlock(teamId: string, name: string, holderId: string): Promise<void> {
    const locks = await this.locks();
    const holder = await locks.get(lockKey(teamId, name));
    if (holder?.operation === 'PUT' && holder.string() === holderId) {
      await locks.delete(lockKey(teamId, name), { previousSeq: holder.revision });
    }
  }

  private blobs(): Promise<BlobStore> {
    this.store ??= this.openBlobStore(`${this.names.prefix}_profiles`);
    return this.store;
  }
}

const blobKey = (teamId: string, name: string) => `${teamId}/${name}`;
const lockKey = (teamId: string, name: string) => `${teamId}.${name}`;

/** A key made once per data directory, like the file-signing secret. */
function localKey(dataDir: string): Buffer {
  const file = join(dataDir, 'profiles-key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another process of this data directory made it first.
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
}
