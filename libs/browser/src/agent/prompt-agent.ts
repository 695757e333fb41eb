import type { Page } from 'playwright-core';
import type { ChatMessage, LlmPort } from '#llm';

/** One step the model plans: the next browser action, or `done` with the answer to the prompt. */
export interface AgentStep {
  action: 'click' | 'type' | 'press' | 'scroll' | 'wait' | 'navigate' | 'extract' | 'done';
  /** The element's number in the observation (click, type, extract). */
  element?: number;
  /** Text to type, or the answer when done. */
  text?: string;
  key?: string;
  direction?: 'up' | 'down';
  url?: string;
  milliseconds?: number;
}

export interface AgentRun {
  /** The model's answer to the prompt; undefined when it did not finish. */
  output?: string;
  /** One line per step taken, for the client's `stdout`. */
  log: string[];
  /** Why the run stopped without an answer (step limit, time, model failure). */
  error?: string;
}

export interface AgentOptions {
  maxSteps: number;
  /** Ends the run (and the model call in flight) when the interact call's timeout passes. */
  signal: AbortSignal;
}

const STEP_SCHEMA = {
  type: 'object',
  properties: {
    action: { enum: ['click', 'type', 'press', 'scroll', 'wait', 'navigate', 'extract', 'done'] },
    element: { type: 'integer', minimum: 0 },
    text: { type: 'string' },
    key: { type: 'string' },
    direction: { enum: ['up', 'down'] },
    url: { type: 'string' },
    milliseconds: { type: 'integer', minimum: 0, maximum: 5_000 },
  },
  required: ['action'],
  additionalProperties: false,
};

const SYSTEM = [
  'You operate a web browser to carry out the user instruction on the current page, one action at a time.',
  'Each turn you see the page: its URL, title, visible text and numbered interactive elements.',
  'Answer with one JSON action:',
  '{"action":"click","element":N} · {"action":"type","element":N,"text":"…"} (replaces the field\'s value) ·',
  '{"action":"press","key":"Enter"} · {"action":"scroll","direction":"down"} · {"action":"wait","milliseconds":1000} ·',
  '{"action":"navigate","url":"…"} · {"action":"extract","element":N} (shows that element\'s full text) ·',
  '{"action":"done","text":"<the answer or a short report of what was done>"}.',
  'Answer only from what the page shows; say so in done when the page does not have it.',
].join('\n');

/** How much of the page text one observation carries. */
const PAGE_TEXT_CHARS = 4_000;
const MAX_ELEMENTS = 80;
const ACTION_TIMEOUT_MS = 5_000;

/**
 * Carries out a natural-language instruction on a live page through the LLM port: observe the
 * page, ask the model for the next action (schema-validated), run it with Playwright, repeat —
 * at most `maxSteps` actions, and never past `signal`. A failing action is reported back to the
 * model as the next observation, so it can try another way.
 */
export async function runPromptAgent(
  page: Page,
  llm: LlmPort,
  prompt: string,
  options: AgentOptions,
): Promise<AgentRun> {
  const log: string[] = [];
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Instruction: ${prompt}\n\n${await observe(page)}` },
  ];
  for (let step = 1; step <= options.maxSteps + 1; step++) {
    const planned = await llm.structured<AgentStep>({
      schemaName: 'browser_action',
      schema: STEP_SCHEMA,
      messages,
      signal: options.signal,
    });
    if (!planned.ok) return { log, error: `The model could not plan the next step: ${planned.reason}` };
    const action = planned.value;
    if (action.action === 'done') {
      log.push(`${step}. done`);
      return { output: action.text ?? '', log };
    }
    if (step > options.maxSteps) break;
    let outcome: string;
    try {
      outcome = await perform(page, action);
      log.push(`${step}. ${describe(action)}`);
    } catch (error) {
      outcome = `That action failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      log.push(`${step}. ${describe(action)} — failed`);
    }
    if (options.signal.aborted) break;
    messages.push(
      { role: 'assistant', content: JSON.stringify(action) },
      { role: 'user', content: `${outcome}\n\n${await observe(page)}` },
    );
  }
  return {
    log,
    error: options.signal.aborted
      ? 'The interact timeout passed before the model finished the instruction'
      : `The model did not finish the instruction within ${options.maxSteps} actions`,
  };
}

/** Runs one planned action; returns what the model should know about it. */
async function perform(page: Page, step: AgentStep): Promise<string> {
  switch (step.action) {
    case 'click':
      await element(page, step).click({ timeout: ACTION_TIMEOUT_MS });
      await page.waitForLoadState('domcontentloaded', { timeout: ACTION_TIMEOUT_MS }).catch(() => undefined);
      return `Clicked element ${step.element}.`;
    case 'type':
      await element(page, step).fill(step.text ?? '', { timeout: ACTION_TIMEOUT_MS });
      return `Typed into element ${step.element}.`;
    case 'press':
      await page.keyboard.press(required(step.key, 'key'));
      return `Pressed ${step.key}.`;
    case 'scroll':
      await page.mouse.wheel(0, step.direction === 'up' ? -800 : 800);
      return `Scrolled ${step.direction ?? 'down'}.`;
    case 'wait':
      await page.waitForTimeout(Math.min(step.milliseconds ?? 1_000, 5_000));
      return 'Waited.';
    case 'navigate':
      await page.goto(new URL(required(step.url, 'url'), page.url()).href, {
        timeout: ACTION_TIMEOUT_MS * 2,
      });
      return `Opened ${page.url()}.`;
    case 'extract': {
      // biome-ignore lint/performance/useDomNodeTextContent: the model must see the rendered text, without hidden parts
      const text = await element(page, step).innerText({ timeout: ACTION_TIMEOUT_MS });
      return `Text of element ${step.element}:\n${text.slice(0, PAGE_TEXT_CHARS)}`;
    }
    case 'done':
      return '';
    default: {
      const unknown: never = step.action;
      throw new Error(`unknown action ${String(unknown)}`);
    }
  }
}

function element(page: Page, step: AgentStep) {
  if (step.element === undefined) throw new Error(`${step.action} needs an element number`);
  return page.locator(`[data-trawl-element="${step.element}"]`);
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`this action needs ${name}`);
  return value;
}

/** How a step reads in the log the client gets. */
function describe(step: AgentStep): string {
  switch (step.action) {
    case 'type':
      return `type ${JSON.stringify(step.text ?? '')} into element ${step.element}`;
    case 'press':
      return `press ${step.key}`;
    case 'scroll':
      return `scroll ${step.direction ?? 'down'}`;
    case 'wait':
      return `wait ${Math.min(step.milliseconds ?? 1_000, 5_000)} ms`;
    case 'navigate':
      return `navigate to ${step.url}`;
    default:
      return step.element === undefined ? step.action : `${step.action} element ${step.element}`;
  }
}

/**
 * The page as the model sees it: URL, title, visible text and the visible interactive elements,
 * numbered (the numbers are written on the elements, so an action finds exactly that element).
 */
async function observe(page: Page): Promise<string> {
  const seen = await page.evaluate(
    ({ maxElements }) => {
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
      };
      for (const old of document.querySelectorAll('[data-trawl-element]'))
        old.removeAttribute('data-trawl-element');
      const interactive = [
        ...document.querySelectorAll(
          'a[href], button, input:not([type=hidden]), textarea, select, summary, [role=button], [role=link], [role=tab], [role=checkbox], [contenteditable=true], [onclick]',
        ),
      ]
        .filter(visible)
        .slice(0, maxElements);
      const elements = interactive.map((el, index) => {
        el.setAttribute('data-trawl-element', String(index));
        const label =
          (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent) ||
          el.getAttribute('aria-label') ||
          el.getAttribute('placeholder') ||
          el.getAttribute('title') ||
          // biome-ignore lint/performance/useDomNodeTextContent: the model must see the rendered text, without hidden parts
          (el as HTMLElement).innerText ||
          el.getAttribute('name') ||
          '';
        const type = el.getAttribute('type');
        const value = (el as HTMLInputElement).value;
        return `[${index}] ${el.tagName.toLowerCase()}${type ? `[${type}]` : ''} "${label.replace(/\s+/g, ' ').trim().slice(0, 80)}"${value && el.tagName !== 'BUTTON' ? ` value="${String(value).slice(0, 40)}"` : ''}`;
      });
      // biome-ignore lint/performance/useDomNodeTextContent: the model must see the rendered text, without hidden parts
      return { text: document.body?.innerText ?? '', elements };
    },
    { maxElements: MAX_ELEMENTS },
  );
  return [
    `URL: ${page.url()}`,
    `Title: ${await page.title()}`,
    `Visible text:\n${seen.text.replace(/\n{3,}/g, '\n\n').slice(0, PAGE_TEXT_CHARS)}`,
    `Interactive elements:\n${seen.elements.join('\n') || '(none)'}`,
  ].join('\n\n');
}
