import type { TrawlConfig } from '#config';
import type { CheckPage, CheckView } from '#contracts';
import type { CommandBus } from '#messaging';
import { MonitorService } from './monitor.service.js';
import type { MonitorReadModels } from './monitor-read-models.js';

describe('MonitorService.check', () => {
  const check = { id: 'c-1', monitorId: 'm-1', status: 'completed', notificationStatus: {} } as CheckView;
  const page = { id: 'p-1', status: 'same' } as CheckPage;
  /** Read models where the check is found `foundTimes` times, then is gone (retention removed it). */
  const service = (foundTimes: number) => {
    let reads = 0;
    const views = {
      monitor: async () => ({ id: 'm-1' }),
      check: async () => (reads++ < foundTimes ? check : undefined),
      pagesOf: async () => [page],
      deliveriesOf: async () => [],
    } as unknown as MonitorReadModels;
    return new MonitorService({} as CommandBus, views, { publicUrl: 'http://trawl.test' } as TrawlConfig);
  };
  const read = (monitors: MonitorService) => monitors.check('team', 'm-1', 'c-1', { limit: 10, skip: 0 });

  it('answers the check with its pages', async () => {
    await expect(read(service(Number.POSITIVE_INFINITY))).resolves.toMatchObject({
      id: 'c-1',
      pages: [page],
    });
  });

  it('answers not found for a check that retention removed while its pages were read, not a list cut short', async () => {
    await expect(read(service(1))).rejects.toMatchObject({ code: 'MONITOR_CHECK_NOT_FOUND' });
  });
});
