import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { uniquePrefix } from '../../../test/support/nats-cleanup.js';
import { CommandBus, CommandRejectedError, serveCommands } from './command-bus.js';

describe('command bus', () => {
  const names = natsNames(uniquePrefix('cmd'));
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: '127.0.0.1:4222' });
  });
  afterAll(() => nc.close());

  it('answers a command with its result, passing the correlation id along', async () => {
    const seen: Array<string | undefined> = [];
    serveCommands(nc, names, 'scrape', {
      StartScrape: async (payload, { correlationId }) => {
        seen.push(correlationId);
        return { echoed: payload };
      },
    });
    const bus = new CommandBus(nc, names);
    await expect(bus.send('scrape', 'StartScrape', { a: 1 }, { correlationId: 'req-42' })).resolves.toEqual({
      echoed: { a: 1 },
    });
    expect(seen).toEqual(['req-42']);
  });

  it('turns a handler error into a rejection carrying its code', async () => {
    serveCommands(nc, names, 'team', {
      CreateTeam: async () => {
        throw Object.assign(new Error('Team t1 already exists'), { code: 'TEAM_ALREADY_EXISTS' });
      },
    });
    const rejection = new CommandBus(nc, names).send('team', 'CreateTeam', {});
    await expect(rejection).rejects.toBeInstanceOf(CommandRejectedError);
    await expect(rejection).rejects.toMatchObject({
      code: 'TEAM_ALREADY_EXISTS',
      message: 'Team t1 already exists',
    });
  });

  it('fails fast when no service answers the command', async () => {
    await expect(
      new CommandBus(nc, names).send('nobody', 'Listens', {}, { timeoutMs: 500 }),
    ).rejects.toThrow();
  });
});
