import { apiKeyOf, type FeedbackCommand, type FeedbackEvent } from '#contracts';
import type { Decider } from '../decider/decider.js';

export interface FeedbackState {
  /** The feedback already given on the job, if any: a job takes one. */
  feedbackId?: string;
}

/** Feedback on one job (`feedback-<jobId>`): the first one counts; later ones change nothing. */
export const feedbackDecider: Decider<FeedbackState, FeedbackCommand, FeedbackEvent> = {
  initialState: () => ({}),
  evolve: (state, event) => (state.feedbackId ? state : { feedbackId: event.data.feedbackId }),
  decide(command, state) {
    if (state.feedbackId) return [];
    const { feedbackId, teamId, feedback, at } = command.data;
    return [
      {
        type: 'FeedbackGiven',
        data: { feedbackId, teamId, feedback, givenAt: at, ...apiKeyOf(command.data) },
      },
    ];
  },
};
