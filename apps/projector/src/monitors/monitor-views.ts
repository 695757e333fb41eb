import {
  MONITOR_CATEGORY,
  MONITOR_CHECK_PAGES_READ_MODEL,
  MONITOR_CHECKS_READ_MODEL,
  MONITORS_READ_MODEL,
  type MonitorEvent,
} from '#contracts';
import type { Projection } from '../projections/projection.js';
import { documentOf, type ReadModelDocuments } from '../projections/read-model-documents.js';
import {
  checkedPage,
  evolveCheckView,
  evolveMonitorView,
  type StoredCheck,
  type StoredMonitor,
} from './monitor-views.projection.js';

/**
 * The monitor read models: monitors (`<teamId>.<monitorId>`), checks
 * (`<teamId>.<monitorId>.<checkId>`) and the pages of checks (`<checkId>.<pageId>`).
 */
export const monitorViewsProjection: Projection = {
  worker: 'projector_monitors',
  category: MONITOR_CATEGORY,
  readModels: [
    { name: MONITORS_READ_MODEL },
    { name: MONITOR_CHECKS_READ_MODEL },
    { name: MONITOR_CHECK_PAGES_READ_MODEL },
  ],
  async apply(recorded, documents) {
    const monitors = documents[MONITORS_READ_MODEL];
    const checks = documents[MONITOR_CHECKS_READ_MODEL];
    const pages = documents[MONITOR_CHECK_PAGES_READ_MODEL];
    const event = { type: recorded.type, data: recorded.data } as MonitorEvent;
    const { teamId, monitorId } = event.data;
    const monitorKey = `${teamId}.${monitorId}`;
    if ('checkId' in event.data) {
      const checkKey = `${monitorKey}.${event.data.checkId}`;
      const page = checkedPage(recorded);
      if (page) await pages.put(`${event.data.checkId}.${page.id}`, JSON.stringify(page));
      const nextCheck = evolveCheckView(await documentOf<StoredCheck>(checks, checkKey), recorded);
      if (nextCheck) await checks.put(checkKey, JSON.stringify(nextCheck));
    }
    // Checks past the monitor's `retentionDays` leave the read models with their pages.
    if (event.type === 'ChecksExpired') {
      for (const checkId of event.data.checkIds) await removeCheck(monitorKey, checkId, checks, pages);
    }
    const monitor = await documentOf<StoredMonitor>(monitors, monitorKey);
    const next = evolveMonitorView(monitor, recorded);
    if (next === null) {
      await removeChecks(monitorKey, checks, pages);
      await monitors.remove(monitorKey);
    } else if (next) {
      await monitors.put(monitorKey, JSON.stringify(next));
    }
  },
};

/** A deleted monitor takes its checks and their pages with it. */
async function removeChecks(monitorKey: string, checks: ReadModelDocuments, pages: ReadModelDocuments) {
  for await (const checkKey of checks.keys(`${monitorKey}.>`)) {
    await removeCheck(monitorKey, checkKey.slice(monitorKey.length + 1), checks, pages);
  }
}

async function removeCheck(
  monitorKey: string,
  checkId: string,
  checks: ReadModelDocuments,
  pages: ReadModelDocuments,
) {
  // The check leaves before its pages: a reader that finds the check and then its pages can tell,
  // by finding the check gone when it looks again, a list cut short by this removal.
  await checks.remove(`${monitorKey}.${checkId}`);
  for await (const pageKey of pages.keys(`${checkId}.>`)) await pages.remove(pageKey);
}
