import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import type { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';
import { AccountsClient } from '#accounts';
import type { TrawlConfig } from '#config';
import type { NatsNames } from '#contracts';
import { CommandBus, NATS_CONNECTION, NATS_NAMES } from '#messaging';

/**
 * First start of the embedded service: create a `local` team and an API key, write the key to
 * LOCAL_KEY_FILE (mode 600) and print it, so the quick start needs no extra step.
 */
export async function bootstrapLocalKey(app: INestApplicationContext, config: TrawlConfig, logger: Logger) {
  if (!config.bootstrapLocalKey) return;
  if (existsSync(config.localKeyFile)) {
    logger.info({ file: config.localKeyFile }, 'local API key already created; see the file');
    return;
  }
  const accounts = new AccountsClient(
    app.get<NatsConnection>(NATS_CONNECTION),
    app.get<NatsNames>(NATS_NAMES),
    app.get(CommandBus),
  );
  const issued = await accounts.issueKey(await accounts.createTeam('local'), 'local');
  await mkdir(dirname(config.localKeyFile), { recursive: true });
  await writeFile(config.localKeyFile, `${issued.key}\n`, { mode: 0o600 });
  logger.info({ file: config.localKeyFile, teamId: issued.teamId }, `local API key created: ${issued.key}`);
}
