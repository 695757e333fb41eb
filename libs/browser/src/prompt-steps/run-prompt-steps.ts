import type { Locator, Page } from 'playwright-core';
import type { ElementKind, PromptStep, Target } from './imperative-prompt.js';

/** How long a step waits for what it names to appear. */
const FIND_TIMEOUT_MS = 5_000;

/** What a prompt did: a line per step, and the text of each `extract` step and each answer. */
export interface PromptRun {
  log: string[];
  extracted: string[];
}

/** Answers a question from the page as it is now (its HTML and address): the caller's reader. */
export type PageAnswerer = (page: { html: string; url: string }, question: string) => string;

/** A failed step, named so the caller can say which part of the prompt it was. */
export class PromptStepError extends Error {}

const CLICKABLE_ROLES = [
  'button',
  'link',
  'tab',
  'menuitem',
  'checkbox',
  'radio',
  'option',
  'switch',
] as const;

/**
 * The first visible element a person would mean by `name`: a control with that accessible name,
 * then a labelled field, a placeholder, exact visible text, and finally text containing it.
 */
async function findByName(page: Page, name: string, kind: 'clickable' | 'field' | 'any'): Promise<Locator> {
  const candidates: Locator[] = [];
  if (kind !== 'field') {
    for (const role of CLICKABLE_ROLES) candidates.push(page.getByRole(role, { name, exact: true }));
  }
  if (kind !== 'clickable') {
    candidates.push(page.getByLabel(name, { exact: true }), page.getByPlaceholder(name, { exact: true }));
    candidates.push(page.getByRole('textbox', { name }), page.getByLabel(name), page.getByPlaceholder(name));
  }
  if (kind !== 'field') {
    for (const role of CLICKABLE_ROLES) candidates.push(page.getByRole(role, { name }));
  }
  candidates.push(page.getByText(name, { exact: true }), page.getByText(name));
  const deadline = Date.now() + FIND_TIMEOUT_MS;
  for (;;) {
    for (const candidate of candidates) {
      const visible = candidate.locator('visible=true');
      if ((await visible.count()) > 0) return visible.first();
    }
    if (Date.now() > deadline) throw new PromptStepError(`nothing on the page is called "${name}"`);
    await page.waitForTimeout(200);
  }
}

/** How prompts and messages call each kind of element. */
const KIND_NAMES: Record<ElementKind, string> = {
  button: 'button',
  link: 'link',
  tab: 'tab',
  checkbox: 'checkbox',
  radio: 'radio button',
  option: 'option',
  menuitem: 'menu item',
  field: 'field',
};

/** The visible elements of a kind, in the page's order (a field is any box text is typed into). */
function visibleOfKind(page: Page, element: ElementKind): Locator {
  const all =
    element === 'field'
      ? page.getByRole('textbox').or(page.getByRole('searchbox')).or(page.getByRole('combobox'))
      : page.getByRole(element);
  return all.locator('visible=true');
}

/** The name a person reads on an element (its accessible name), for the log and for errors. */
async function accessibleName(element: Locator): Promise<string> {
  const snapshot = await element.ariaSnapshot({ timeout: FIND_TIMEOUT_MS });
  return /^- [\w-]+ "((?:[^"\\]|\\.)*)"/.exec(snapshot)?.[1] ?? '';
}

/**
 * The element a kind alone points at. "The button" must be the only one visible: when several
 * are, guessing could click the wrong one, so the error lists them for the next prompt to name.
 */
async function findByKind(page: Page, { element, nth }: Exclude<Target, string>): Promise<Locator> {
  const visible = visibleOfKind(page, element);
  const kind = KIND_NAMES[element];
  const deadline = Date.now() + FIND_TIMEOUT_MS;
  for (;;) {
    const count = await visible.count();
    if (nth === 'only' && count > 1) {
      const names = await Promise.all((await visible.all()).slice(0, 5).map(accessibleName));
      const listed = names.map((name) => `"${name}"`).join(', ') + (count > 5 ? ', …' : '');
      throw new PromptStepError(
        `"the ${kind}" could be any of ${count} ${kind}s (${listed}); name the one meant`,
      );
    }
    if (nth === 'only' && count === 1) return visible.first();
    if (nth === 'last' && count > 0) return visible.last();
    if (typeof nth === 'number' && count > nth) return visible.nth(nth);
    if (Date.now() > deadline) {
      throw new PromptStepError(
        count === 0
          ? `no ${kind} is on the page`
          : `the page shows ${count} ${kind}s, fewer than ${(nth as number) + 1}`,
      );
    }
    await page.waitForTimeout(200);
  }
}

/** The element a step's target points at, and how the log names it. */
async function find(
  page: Page,
  target: Target,
  want: 'clickable' | 'field' | 'any',
): Promise<{ element: Locator; label: string }> {
  if (typeof target === 'string') {
    return { element: await findByName(page, target, want), label: `"${target}"` };
  }
  const element = await findByKind(page, target);
  return { element, label: `the ${KIND_NAMES[target.element]} "${await accessibleName(element)}"` };
}

/** What a person sees of an element: innerText, not textContent (no script text, no hidden parts). */
function visibleText(element: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
  return element.innerText();
}

async function runStep(page: Page, step: PromptStep, run: PromptRun, answer: PageAnswerer): Promise<void> {
  switch (step.kind) {
    case 'click': {
      const { element, label } = await find(page, step.target, 'clickable');
      await element.click({ timeout: FIND_TIMEOUT_MS });
      run.log.push(`clicked ${label}`);
      return;
    }
    case 'type': {
      const field = step.target ? await find(page, step.target, 'field') : undefined;
      await field?.element.click({ timeout: FIND_TIMEOUT_MS });
      await page.keyboard.type(step.text);
      run.log.push(`typed "${step.text}"${field ? ` into ${field.label}` : ''}`);
      return;
    }
    case 'press':
      await page.keyboard.press(step.key);
      run.log.push(`pressed ${step.key}`);
      return;
    case 'scroll': {
      if (step.target) {
        const { element, label } = await find(page, step.target, 'any');
        await element.scrollIntoViewIfNeeded({ timeout: FIND_TIMEOUT_MS });
        run.log.push(`scrolled to ${label}`);
        return;
      }
      await page.mouse.wheel(0, step.direction === 'down' ? 10_000 : -10_000);
      run.log.push(`scrolled ${step.direction}`);
      return;
    }
    case 'goto':
      await page.goto(step.url, { waitUntil: 'load' });
      run.log.push(`went to ${page.url()}`);
      return;
    case 'wait':
      await page.waitForTimeout(step.milliseconds);
      run.log.push(`waited ${step.milliseconds} ms`);
      return;
    case 'waitFor':
      run.log.push(`saw ${(await find(page, step.target, 'any')).label}`);
      return;
    case 'extract': {
      const where = step.target
        ? await find(page, step.target, 'any')
        : { element: page.locator('body'), label: 'the page' };
      run.extracted.push((await visibleText(where.element)).trim());
      run.log.push(`extracted the text of ${where.label}`);
      return;
    }
    case 'answer':
      run.extracted.push(answer({ html: await page.content(), url: page.url() }, step.question));
      run.log.push(`answered "${step.question}" from the page`);
      return;
  }
}

/** Runs planned steps in order on the live page; the first that fails stops the run, named. */
export async function runPromptSteps(
  page: Page,
  steps: PromptStep[],
  answer: PageAnswerer,
): Promise<PromptRun> {
  const run: PromptRun = { log: [], extracted: [] };
  for (const [index, step] of steps.entries()) {
    try {
      await runStep(page, step, run, answer);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new PromptStepError(`step ${index + 1} (${step.kind}) failed: ${reason}`);
    }
  }
  return run;
}
