import { fixtureMarkdown, markdownBlocks } from '../fixture-pages.spec-helper.js';
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
    ['How high is the lighthouse?', /34 metres tall/],
    ['How old is the lighthouse?', /built in 1871/],
    ['How long does the climb take?', /about ten minutes/],
    // The light is what the sentence before names: "Today the lantern … a range of 24 nautical miles."
    ['What is the range of the light?', /range of 24 nautical miles/],
  ])('%s', (question, expected) => {
    const { answer } = answerQuestion(markdown, question);
    expect(answer).toMatch(expected);
    expect(markdown).toContain(answer);
  });

  it("answers from a table's row, named by its header", () => {
    const results = markdownBlocks(
      '## Results',
      'On our 2 TB cluster autovacuum fell behind, and table bloat grew to 40%.',
      '| Table | Bloat before | Bloat after |\n| - | - | - |\n| orders | 41% | 6% |\n| events | 37% | 9% |',
      'Measure first, then tune.',
    );
    expect(answerQuestion(results, 'How much bloat did the orders table have after tuning?').answer).toBe(
      'Table: orders, Bloat before: 41%, Bloat after: 6%',
    );
    // A first row with figures, or the first pair of a table of pairs, is data, whatever markdown
    // calls it: it answers as a label and its value.
    const specs = '## Specifications\n\n| Weight | 280 g |\n| - | - |\n| Drop | 4 mm |';
    expect(answerQuestion(specs, 'What is the weight?').answer).toBe('Weight: 280 g');
    const pairs = '## Details\n\n| Colour | Red |\n| - | - |\n| Material | Leather |';
    expect(answerQuestion(pairs, 'What colour is it?').answer).toBe('Colour: Red');
    expect(answerQuestion(pairs, 'What is the material?').answer).toBe('Material: Leather');
  });

  it("answers an FAQ's question with its answer, never with the question itself", () => {
    const faq = markdownBlocks(
      '# Tides of the Solent',
      'The Solent has a famous double high tide, which gives Southampton a long stand of high water.',
      '## FAQ',
      'When is high tide?',
      'Twice a day, about 12 hours 25 minutes apart.',
      'Is it safe to swim?',
      'Only at the marked beaches with lifeguards.',
    );
    expect(answerQuestion(faq, 'When is high tide?').answer).toBe(
      'Twice a day, about 12 hours 25 minutes apart.',
    );
    expect(answerQuestion(faq, 'Is it safe to swim here?').answer).toBe(
      'Only at the marked beaches with lifeguards.',
    );
  });

  it('reads "the company" or "the website" in a question as the page, which names itself', () => {
    const about = markdownBlocks(
      '# About Harbour Ropes',
      'Harbour Ropes was founded in 1952 by Mary Tern in Whitby. Today we employ 48 people.',
      'Our headquarters are at 4 Quay Street, Whitby.',
    );
    expect(answerQuestion(about, 'When was the company founded?').answer).toBe(
      'Harbour Ropes was founded in 1952 by Mary Tern in Whitby.',
    );
    expect(answerQuestion(about, 'How many people does the business employ?').answer).toBe(
      'Today we employ 48 people.',
    );
    // The words of the question that name something still have to be on the page.
    expect(answerQuestion(about, 'When was the company bought?').answer).toBeUndefined();
    // Two questions in one: the sentence that answers both is said once; one part unanswered, no answer.
    expect(answerQuestion(about, 'When and where was the company founded?').answer).toBe(
      'Harbour Ropes was founded in 1952 by Mary Tern in Whitby.',
    );
    expect(answerQuestion(about, 'Who founded the company, and how many people does it employ?').answer).toBe(
      'Harbour Ropes was founded in 1952 by Mary Tern in Whitby. Today we employ 48 people.',
    );
    expect(answerQuestion(about, 'When and why was the company bought?').answer).toBeUndefined();
  });

  it('answers a question of cost with a price, not with another figure beside the word cost', () => {
    const story = markdownBlocks(
      '# New tram line to the airport approved',
      'Councillors voted 41 to 12, ending a decade of arguments over its route and cost.',
      'The £420m line will open in 2030.',
    );
    expect(answerQuestion(story, 'How much will the tram line cost?').answer).toBe(
      'The £420m line will open in 2030.',
    );
    expect(answerQuestion(story, 'How much does a ticket cost?').answer).toBeUndefined();
  });

  it('reads a closing "shown" or "listed on the page" as pointing at the page, not as a word to find', () => {
    const plans = markdownBlocks(
      '# Plans',
      'Monthly: €9 per month',
      'Yearly: €90 per year, two months free.',
    );
    expect(answerQuestion(plans, 'What is the yearly price shown?').answer).toBe(
      'Yearly: €90 per year, two months free.',
    );
    expect(answerQuestion(plans, 'What is the yearly price listed on the page?').answer).toBe(
      'Yearly: €90 per year, two months free.',
    );
    // A word the page does not say still has to be found.
    expect(answerQuestion(plans, 'What is the weekly price shown?').answer).toBeUndefined();
  });

  it("reads every sentence as about what the page's title names", () => {
    const guide = markdownBlocks(
      '# Apply for your first adult passport',
      '## Overview',
      "You can apply online or by post. It costs £88.50 online. You can apply for a first adult passport if you're over 16.",
      '## Opening hours',
      'The office is open on weekdays from 9am.',
    );
    expect(answerQuestion(guide, 'How much does a passport cost?').answer).toBe('It costs £88.50 online.');
    expect(answerQuestion(guide, 'How much does a visa cost?').answer).toBeUndefined();
    expect(answerQuestion(guide, 'Who can apply?').answer).toBe(
      "You can apply for a first adult passport if you're over 16.",
    );
    // "Who can I ask?" asks for somebody, not who qualifies.
    const moorings = markdownBlocks(
      '# Harbour moorings',
      'Anyone can ask the harbour office about moorings. For moorings ask Jane Smith at the harbour office.',
    );
    expect(answerQuestion(moorings, 'Who can I ask about moorings?').answer).toBe(
      'For moorings ask Jane Smith at the harbour office.',
    );
  });

  it('asks a question that names only a measure of what the title names', () => {
    const shoe = markdownBlocks(
      '# Trail Shoe X',
      '€89.00',
      'A light trail shoe with a grippy sole, made for wet rock. The upper is recycled mesh.',
    );
    expect(answerQuestion(shoe, 'How much does it cost?').answer).toBe('€89.00');
    expect(answerQuestion(shoe, "What's the price?").answer).toBe('€89.00');
    expect(answerQuestion(shoe, 'How tall is it?').answer).toBeUndefined();
    expect(
      answerQuestion(markdownBlocks('€89.00', 'A light trail shoe.'), 'How much does it cost?').answer,
    ).toBe(undefined);
  });

  it('reads a word the page hyphenates softly as one word', () => {
    const page = markdownBlocks(
      '# Home repair',
      'The city offers repair assis\u00adtance to home\u00adowners over 60.',
      'Applications open in March and close when the year’s funds are spent.',
    );
    expect(answerQuestion(page, 'Does the city give homeowners assistance?').answer).toBe(
      'The city offers repair assis\u00adtance to home\u00adowners over 60.',
    );
  });

  it('finds nothing rather than inventing an answer', () => {
    expect(answerQuestion(markdown, 'What is the capital of Peru?').answer).toBeUndefined();
    expect(answerQuestion(markdown, 'Who painted the lighthouse in watercolour?').answer).toBeUndefined();
    // A measure question needs the measure: the tower's opening months and a height beside the
    // harbour answer neither.
    expect(answerQuestion(markdown, 'How often is the tower open?').answer).toBeUndefined();
    expect(answerQuestion(markdown, 'How big is the harbour?').answer).toBeUndefined();
  });
});
