import { planImperativePrompt } from './imperative-prompt.js';

describe('the imperative prompt planner', () => {
  it('reads a chain of direct instructions into steps', () => {
    expect(
      planImperativePrompt("Click the 'Show history' button, then extract the text of the depot list"),
    ).toEqual({
      steps: [
        { kind: 'click', target: 'Show history' },
        { kind: 'extract', target: 'depot list' },
      ],
    });
  });

  it('types into labelled fields, presses keys by name and tells keys from buttons', () => {
    expect(
      planImperativePrompt(
        'type "tide pools" into the Search field and press Enter; press the Submit button',
      ),
    ).toEqual({
      steps: [
        { kind: 'type', text: 'tide pools', target: 'Search' },
        { kind: 'press', key: 'Enter' },
        { kind: 'click', target: 'Submit' },
      ],
    });
    expect(planImperativePrompt('fill in Email with ada@example.com. hit the return key')).toEqual({
      steps: [
        { kind: 'type', text: 'ada@example.com', target: 'Email' },
        { kind: 'press', key: 'Enter' },
      ],
    });
  });

  it('repeats a click, a key or a scroll as often as the prompt says, and nothing else', () => {
    const more = { kind: 'click', target: 'Load more' };
    expect(planImperativePrompt('click the Load more button twice, then press Tab 3 times')).toEqual({
      steps: [
        more,
        more,
        { kind: 'press', key: 'Tab' },
        { kind: 'press', key: 'Tab' },
        { kind: 'press', key: 'Tab' },
      ],
    });
    expect(planImperativePrompt('scroll down five times')).toEqual({
      steps: new Array(5).fill({ kind: 'scroll', direction: 'down' }),
    });
    expect(planImperativePrompt('go to https://a.test/ twice')).toEqual({
      unreadable: 'go to https://a.test/ twice',
    });
    expect(planImperativePrompt('click Next 500 times')).toEqual({ unreadable: 'click Next 500 times' });
  });

  it('reads a question about the page as a question to answer, after the steps before it', () => {
    expect(planImperativePrompt('click Yearly, then what does the plan cost?')).toEqual({
      steps: [
        { kind: 'click', target: 'Yearly' },
        { kind: 'answer', question: 'what does the plan cost?' },
      ],
    });
    expect(planImperativePrompt('Is it in stock')).toEqual({
      steps: [{ kind: 'answer', question: 'Is it in stock' }],
    });
    // A polite request is a step to take, or unread: never a question answered instead of acting.
    expect(planImperativePrompt('Can you click Next?')).toEqual({
      steps: [{ kind: 'click', target: 'Next' }],
    });
    expect(planImperativePrompt('could you find me the cheapest flight?')).toEqual({
      unreadable: 'could you find me the cheapest flight?',
    });
  });

  it('scrolls, navigates, waits and extracts the whole page', () => {
    expect(
      planImperativePrompt(
        'scroll to the bottom, scroll up, scroll to "Footer notes"; go to https://a.test/x; wait 2 seconds; wait for Results to appear; get the page text',
      ),
    ).toEqual({
      steps: [
        { kind: 'scroll', direction: 'down' },
        { kind: 'scroll', direction: 'up' },
        { kind: 'scroll', direction: 'down', target: 'Footer notes' },
        { kind: 'goto', url: 'https://a.test/x' },
        { kind: 'wait', milliseconds: 2000 },
        { kind: 'waitFor', target: 'Results' },
        { kind: 'extract' },
      ],
    });
  });

  it('points at an element by its kind alone when the prompt names no element', () => {
    expect(
      planImperativePrompt(
        'type Ada into the field, press the button, click the second link; extract the text of the last tab',
      ),
    ).toEqual({
      steps: [
        { kind: 'type', text: 'Ada', target: { element: 'field', nth: 'only' } },
        { kind: 'click', target: { element: 'button', nth: 'only' } },
        { kind: 'click', target: { element: 'link', nth: 1 } },
        { kind: 'extract', target: { element: 'tab', nth: 'last' } },
      ],
    });
    expect(planImperativePrompt('tick the 3rd check box')).toEqual({ unreadable: 'tick the 3rd check box' });
    expect(planImperativePrompt('click the 3rd check box, then select the only radio button')).toEqual({
      steps: [
        { kind: 'click', target: { element: 'checkbox', nth: 2 } },
        { kind: 'click', target: { element: 'radio', nth: 'only' } },
      ],
    });
    // A kind after a name, or in quotes, is part of a name.
    expect(planImperativePrompt('click the Search button, then click "link"')).toEqual({
      steps: [
        { kind: 'click', target: 'Search' },
        { kind: 'click', target: 'link' },
      ],
    });
  });

  it('names the clause it cannot read instead of guessing', () => {
    expect(planImperativePrompt('click Login, then find me the cheapest flight')).toEqual({
      unreadable: 'find me the cheapest flight',
    });
    expect(planImperativePrompt('go to the pricing page')).toEqual({ unreadable: 'go to the pricing page' });
    expect(planImperativePrompt('   ')).toEqual({ unreadable: '   ' });
  });
});
