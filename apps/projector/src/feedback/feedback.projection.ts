import { FEEDBACK_CATEGORY, FEEDBACK_READ_MODEL, type FeedbackGiven } from '#contracts';
import type { Projection } from '../projections/projection.js';

/** Every feedback a team gave, for the operator (`GET /admin/feedback`), as `<teamId>.<feedbackId>`. */
export const feedbackProjection: Projection = {
  worker: 'projector_feedback',
  category: FEEDBACK_CATEGORY,
  type: 'FeedbackGiven',
  readModels: [{ name: FEEDBACK_READ_MODEL }],
  async apply(event, documents) {
    const given = event.data as FeedbackGiven['data'];
    await documents[FEEDBACK_READ_MODEL].put(`${given.teamId}.${given.feedbackId}`, JSON.stringify(given));
  },
};
