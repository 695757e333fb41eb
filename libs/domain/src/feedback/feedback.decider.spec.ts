import type { GiveFeedback } from '#contracts';
import { given } from '../decider/given-when-then.js';
import { feedbackDecider } from './feedback.decider.js';

const give = (feedbackId: string): GiveFeedback => ({
  type: 'GiveFeedback',
  data: {
    feedbackId,
    teamId: 'team-1',
    jobId: 'job-1',
    feedback: { endpoint: 'scrape', jobId: 'job-1', rating: 'partial', note: 'the pricing table is missing' },
    at: '2026-12-01T12:00:00.000Z',
    apiKeyId: 'key-1',
  },
});

describe('feedback on a job', () => {
  it('is taken once: the first feedback counts', () => {
    const first = given(feedbackDecider, []).when(give('f-1'));
    expect(first).toEqual([
      {
        type: 'FeedbackGiven',
        data: {
          feedbackId: 'f-1',
          teamId: 'team-1',
          feedback: give('f-1').data.feedback,
          givenAt: '2026-12-01T12:00:00.000Z',
          apiKeyId: 'key-1',
        },
      },
    ]);
    expect(given(feedbackDecider, first).when(give('f-2'))).toEqual([]);
    expect(given(feedbackDecider, first).state()).toEqual({ feedbackId: 'f-1' });
  });
});
