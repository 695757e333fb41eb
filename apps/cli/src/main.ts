#!/usr/bin/env node
/**
 * Operator CLI. Talks to a running Trawl over NATS (same NATS_URL / NATS_PREFIX as the service):
 *   trawl teams create <name>             creates a team and prints its first API key
 *   trawl teams list                      prints every team with its active keys (ids and labels)
 *   trawl teams zdr <teamId> on|off       allows or stops the team's zeroDataRetention scrapes
 *   trawl keys create <teamId> [label]    issues another key for a team
 *   trawl keys revoke <teamId> <keyId>    revokes a key
 *   trawl keys rotate <teamId> <keyId>    replaces a key with a new one (the old one stops working)
 *   trawl credits grant <teamId> <credits> [note]   adds credits to a team's ledger
 *   trawl tokens cap <teamId> <tokens>|none          caps the team's model tokens a month (none: no cap)
 * and, reading the event store directly (see store/): history, events, migrate.
 */
import { AccountsClient } from '#accounts';
import { loadConfig } from '#config';
import { natsNames } from '#contracts';
import { CommandBus, connectNats } from '#messaging';
import { pickProjections, readModelCommand } from './read-models/read-model.commands.js';
import { runStoreCommand, storeCommandsUsage } from './store/index.js';
import { openConfiguredStore } from './store/open-store.js';

const usage = `usage:
  trawl teams create <name>
  trawl teams list
  trawl teams zdr <teamId> on|off
  trawl keys create <teamId> [label]
  trawl keys revoke <teamId> <keyId>
  trawl keys rotate <teamId> <keyId>
  trawl credits grant <teamId> <credits> [note]
  trawl tokens cap <teamId> <tokens>|none
${storeCommandsUsage}
  trawl verify <readModel>|--all      rebuild aside from position 0 and report differences from the live model
  trawl rebuild <readModel>|--all     the same, then write the differences into the live model`;

async function main(argv: string[]): Promise<number> {
  const [noun, verb, ...args] = argv;
  const config = loadConfig();
  const storeCommand = await runStoreCommand(argv, config);
  if (storeCommand !== undefined) return storeCommand;
  const names = natsNames(config.natsPrefix);
  const nc = await connectNats({ servers: config.natsUrl, name: 'trawl-cli' });
  const accounts = new AccountsClient(nc, names, new CommandBus(nc, names));
  try {
    if ((noun === 'verify' || noun === 'rebuild') && verb) {
      const store = await openConfiguredStore(config);
      try {
        return await readModelCommand(noun, pickProjections(verb), { store, nc, names, s3: config.s3 });
      } finally {
        await store.close();
      }
    }
    if (noun === 'teams' && verb === 'create' && args[0]) {
      const teamId = await accounts.createTeam(args.join(' '));
      print(await accounts.issueKey(teamId, 'default'));
      return 0;
    }
    if (noun === 'teams' && verb === 'list') {
      print(await accounts.listTeams());
      return 0;
    }
    if (noun === 'keys' && verb === 'create' && args[0]) {
      print(await accounts.issueKey(args[0], args[1] ?? 'default'));
      return 0;
    }
    if (noun === 'keys' && verb === 'revoke' && args[0] && args[1]) {
      await accounts.revokeKey(args[0], args[1]);
      print({ revoked: args[1] });
      return 0;
    }
    if (noun === 'teams' && verb === 'zdr' && args[0] && (args[1] === 'on' || args[1] === 'off')) {
      await accounts.setZeroDataRetention(args[0], args[1] === 'on');
      print({ teamId: args[0], zeroDataRetention: args[1] === 'on' });
      return 0;
    }
    if (noun === 'keys' && verb === 'rotate' && args[0] && args[1]) {
      print({ ...(await accounts.rotateKey(args[0], args[1])), revoked: args[1] });
      return 0;
    }
    if (noun === 'credits' && verb === 'grant' && args[0] && args[1]) {
      const credits = Number(args[1]);
      if (!Number.isInteger(credits) || credits < 1) {
        process.stderr.write(`trawl: credits must be a positive integer, got "${args[1]}"\n`);
        return 2;
      }
      const { grantId } = await accounts.grantCredits(args[0], credits, args.slice(2).join(' '));
      print({ teamId: args[0], grantId, credits });
      return 0;
    }
    if (noun === 'tokens' && verb === 'cap' && args[0] && args[1]) {
      const monthlyTokens = args[1] === 'none' ? null : Number(args[1]);
      if (monthlyTokens !== null && (!Number.isSafeInteger(monthlyTokens) || monthlyTokens < 0)) {
        process.stderr.write(`trawl: tokens must be a non-negative integer or none, got "${args[1]}"\n`);
        return 2;
      }
      await accounts.setTokenAllowance(args[0], monthlyTokens);
      print({ teamId: args[0], monthlyTokens });
      return 0;
    }
    process.stderr.write(`${usage}\n`);
    return 2;
  } finally {
    await nc.drain();
  }
}

function print(value: unknown) {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`trawl: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
