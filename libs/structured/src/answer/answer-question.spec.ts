import { fixtureMarkdown } from '../fixture-pages.spec-helper.js';
import { answerQuestion } from './answer-question.js';

const markdown = fixtureMarkdown('lighthouse');

describe('answerQuestion', () => {
  it.each([
    ['When was the lighthouse built?', /built in 1871/],
    ['Who was the last head keeper?', /Agnes Porthleven/],
    ['How many steps does the climb have?', /142 steps/],
    ['When was the light converted to electricity?', /electricity in 1962/],
    ['How much do tickets cost for adults?', /£6 for adults/],
    ['Where are the logbooks kept?', /county museum in Truro/],
  ])('%s', (question, expected) => {
    const { answer } = answerQuestion(markdown, question);
    expect(answer).toMatch(expected);
    expect(markdown).toContain(answer);
  });

  it('finds nothing rather than inventing an answer', () => {
    expect(answerQuestion(markdown, 'What is the capital of Peru?').answer).toBeUndefined();
    expect(answerQuestion(markdown, 'Who painted the lighthouse in watercolour?').answer).toBeUndefined();
  });
});
