import type { Locator, Page } from 'playwright-core';
import type { PromptStep } from './imperative-prompt.js';

/** How long a step waits for what it names to appear. */
const FIND_TIMEOUT_MS = 5_000;

/** What a prompt did: a line per step, and the text of each `extract` step. */
export interface PromptRun {
  log: string[];
  extracted: string[];
}

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

/** What a person sees of an element: innerText, not textContent (no script text, no hidden parts). */
function visibleText(element: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
  return element.innerText();
}

async function runStep(page: Page, step: PromptStep, run: PromptRun): Promise<void> {
  switch (step.kind) {
    case 'click': {
      await (await findByName(page, step.target, 'clickable')).click({ timeout: FIND_TIMEOUT_MS });
      run.log.push(`clicked "${step.target}"`);
      return;
    }
    case 'type': {
      if (step.target) {
        const field = await findByName(page, step.target, 'field');
        await field.click({ timeout: FIND_TIMEOUT_MS });
      }
      await page.keyboard.type(step.text);
      run.log.push(`typed "${step.text}"${step.target ? ` into "${step.target}"` : ''}`);
      return;
    }
    case 'press':
      await page.keyboard.press(step.key);
      run.log.push(`pressed ${step.key}`);
      return;
    case 'scroll': {
      if (step.target) {
        await (await findByName(page, step.target, 'any')).scrollIntoViewIfNeeded({
          timeout: FIND_TIMEOUT_MS,
        });
        run.log.push(`scrolled to "${step.target}"`);
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
      await findByName(page, step.target, 'any');
      run.log.push(`saw "${step.target}"`);
      return;
    case 'extract': {
      const where = step.target ? await findByName(page, step.target, 'any') : page.locator('body');
      const text = await visibleText(where);
      run.extracted.push(text.trim());
      run.log.push(`extracted the text of ${step.target ? `"${step.target}"` : 'the page'}`);
      return;
    }
  }
}

/** Runs planned steps in order on the live page; the first that fails stops the run, named. */
export async function runPromptSteps(page: Page, steps: PromptStep[]): Promise<PromptRun> {
  const run: PromptRun = { log: [], extracted: [] };
  for (const [index, step] of steps.entries()) {
    try {
      await runStep(page, step, run);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new PromptStepError(`step ${index + 1} (${step.kind}) failed: ${reason}`);
    }
  }
  return run;
}
