import { Injectable } from '@nestjs/common';
import { BROWSER_CATEGORY, type BrowserSessionEvent, browserStreamId } from '#contracts';
import { browserSessionDecider, fold, ownSession } from '#domain';
import { EventStoreQueries } from './event-store-queries.js';

/**
 * `browser.DescribeBrowserSession`: folds a session's stream for the api, which routes a run or
 * a DELETE by it (another team's session is not found).
 */
@Injectable()
export class BrowserSessionQueryService extends EventStoreQueries {
  protected readonly category = BROWSER_CATEGORY;

  protected handlers() {
    return {
      DescribeBrowserSession: async (payload: unknown) => {
        const { sessionId, teamId } = payload as { sessionId: string; teamId: string };
        const history = await this.store.readStream(browserStreamId(sessionId));
        const state = fold(
          browserSessionDecider,
          history.map((event) => ({ type: event.type, data: event.data }) as BrowserSessionEvent),
        );
        return ownSession(state, sessionId, teamId);
      },
    };
  }
}
