/**
 * Try it (issue 19), loaded on the first click of a Try it button (try-it.ts): turns an example in place into an
 * editor of its template and its data, rendered by LiquidJS in a worker as the reader types. Plain DOM, no React:
 * the example is static content, and the panel lives inside the example's own block, so leaving the page
 * removes it with the block.
 */

import { PLAYGROUND_STYLES } from './playground-styles.ts';
import type { LiquidExampleInput, RenderProblem } from './render-example.ts';
import { createLiquidRunner, type LiquidRunner } from './worker-client.ts';

/** Replaced at build time by the worker's file name (src/bundle/client.ts); empty in the server bundle. */
declare const PORTAL_LIQUID_WORKER: string;

/**
 * Pause in typing after which the output is announced. Rendering does not wait for it: each keystroke renders at once
 * (issue 19: output within 50 ms of a keystroke), and the runner sends only the latest of the requests made while
 * one runs; the live region is marked busy meanwhile, so a screen reader speaks the output once, not per letter.
 */
const ANNOUNCE_PAUSE_MS = 500;
/** issue 19: a template still rendering after this long is stopped. */
const TIMEOUT_MS = 1000;

export interface PlaygroundTarget {
  /** The example's `.code-block`, holding the `code[data-liquid-example]` the build marked. */
  block: HTMLElement;
  /** The Try it button, which the panel replaces while open and gets focus back on close. */
  button: HTMLButtonElement;
}

/** Opens the example's editor, or focuses it when it is open already. */
export function openPlayground(target: PlaygroundTarget): void {
  const existing = target.block.querySelector<HTMLTextAreaElement>(':scope > .try-panel textarea');
  if (existing) {
    existing.focus();
    return;
  }
  installStyles(target.block.ownerDocument);
  const example = readExample(target.block);
  if (example) createPanel(target, example);
}

interface PageExample {
  input: LiquidExampleInput;
  /** The code blocks the panel stands in for while open: data (when right before), example, output (when right after). */
  replaced: HTMLElement[];
  partials: string[];
  /** The example's number on the page: ids of the panel's elements derive from it. */
  n: string;
}

/** The example as the page shows it, found through the marks the build put on its fences (plugins/liquid-examples.ts). */
function readExample(block: HTMLElement): PageExample | undefined {
  const code = block.querySelector<HTMLElement>('code[data-liquid-example]');
  const n = code?.dataset.liquidExample;
  if (!code || n === undefined) return undefined;
  const scope: ParentNode = block.closest('article') ?? block.ownerDocument;
  const dataCode = scope.querySelector<HTMLElement>(`code[data-liquid-data="${n}"]`);
  const outputCode = scope.querySelector<HTMLElement>(`code[data-liquid-output="${n}"]`);
  const files: Record<string, string> = {};
  for (const id of (code.dataset.liquidFiles ?? '').split(' ').filter(Boolean)) {
    const file = scope.querySelector<HTMLElement>(`code[data-liquid-file="${id}"]`);
    const path = file?.dataset.liquidPath;
    if (file && path) files[path] = file.textContent ?? '';
  }
  const replaced = [block];
  const dataBlock = dataCode?.closest<HTMLElement>('.code-block');
  const outputBlock = outputCode?.closest<HTMLElement>('.code-block');
  if (dataBlock && dataBlock.nextElementSibling === block) replaced.unshift(dataBlock);
  if (outputBlock && block.nextElementSibling === outputBlock) replaced.push(outputBlock);
  return {
    input: { template: code.textContent ?? '', data: dataCode?.textContent ?? '', files },
    replaced,
    partials: Object.keys(files),
    n,
  };
}

function createPanel(target: PlaygroundTarget, example: PageExample): void {
  const doc = target.block.ownerDocument;
  const id = `try-${example.n}`;
  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<Record<string, string>> = {},
    ...children: Array<Node | string>
  ): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
  const editor = (name: string, label: string, value: string) => {
    const area = el('textarea', {
      id: `${id}-${name}`,
      class: 'try-editor',
      spellcheck: 'false',
      autocapitalize: 'off',
      autocomplete: 'off',
      wrap: 'off',
      rows: String(Math.min(14, Math.max(2, value.split('\n').length + 1))),
    });
    area.value = value;
    return { area, field: el('div', { class: 'try-field' }, el('label', { for: area.id }, label), area) };
  };
  const template = editor('template', 'Template (Liquid)', example.input.template);
  const data = editor('data', 'Data (JSON)', example.input.data);
  const output = el('code');
  const outputPre = el('pre', { class: 'try-output', tabindex: '0', 'aria-labelledby': `${id}-output-label` }, output);
  const problem = el('p', { class: 'try-problem', hidden: '' });
  const status = el('span', { class: 'try-status' });
  const live = el('div', { 'aria-live': 'polite' }, outputPre, problem);
  const reset = el('button', { type: 'button', class: 'try-action' }, 'Reset');
  const close = el('button', { type: 'button', class: 'try-action' }, 'Close');
  const panel = el(
    'div',
    { class: 'try-panel', id, role: 'group', 'aria-labelledby': `${id}-title` },
    el(
      'div',
      { class: 'try-head' },
      el('span', { class: 'try-title', id: `${id}-title` }, 'Try it'),
      el('span', { class: 'try-note' }, 'Edit the template or the data: LiquidJS renders it in your browser.'),
    ),
    template.field,
    data.field,
    ...(example.partials.length > 0
      ? [el('p', { class: 'try-note' }, `Theme files from this page: ${example.partials.join(', ')}`)]
      : []),
    el('div', { class: 'try-output-head' }, el('span', { id: `${id}-output-label` }, 'Output'), status),
    // Polite: the reader hears the new output (or the problem) once typing pauses, not every keystroke.
    live,
    el('div', { class: 'try-actions' }, reset, close),
  );

  const runner: LiquidRunner = createLiquidRunner({ workerUrl: workerUrl(), timeoutMs: TIMEOUT_MS });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    const started = performance.now();
    status.textContent = 'Rendering…';
    const outcome = await runner.render({
      template: template.area.value,
      data: data.area.value,
      files: example.input.files,
    });
    if (outcome.ok === 'superseded') return;
    const ms = Math.round(performance.now() - started);
    if (outcome.ok) {
      output.textContent = outcome.output;
      outputPre.hidden = false;
      problem.hidden = true;
      problem.textContent = '';
      status.textContent = `Rendered in ${ms} ms`;
    } else {
      problem.textContent = describeProblem(outcome.problem);
      problem.hidden = false;
      outputPre.hidden = true;
      status.textContent = outcome.problem.source === 'limit' ? 'Stopped' : 'Error';
    }
  };
  const schedule = () => {
    live.setAttribute('aria-busy', 'true');
    clearTimeout(timer);
    timer = setTimeout(() => live.removeAttribute('aria-busy'), ANNOUNCE_PAUSE_MS);
    void run();
  };
  template.area.addEventListener('input', schedule);
  data.area.addEventListener('input', schedule);
  reset.addEventListener('click', () => {
    template.area.value = example.input.template;
    data.area.value = example.input.data;
    void run();
    template.area.focus();
  });
  const shut = () => {
    clearTimeout(timer);
    runner.dispose();
    panel.remove();
    for (const node of example.replaced) node.classList.remove('try-replaced');
    target.block.classList.remove('try-open');
    target.button.setAttribute('aria-expanded', 'false');
    target.button.focus();
  };
  close.addEventListener('click', shut);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      shut();
    }
  });

  for (const node of example.replaced) node.classList.add('try-replaced');
  target.block.classList.add('try-open');
  target.block.append(panel);
  target.button.setAttribute('aria-expanded', 'true');
  target.button.setAttribute('aria-controls', id);
  template.area.focus();
  void run();
}

/** "Line 2, column 3 of snippets/card.liquid: tag "fo" not found" */
export function describeProblem(problem: RenderProblem): string {
  const where = problem.source === 'data' ? 'the data' : (problem.file ?? 'the template');
  const place = problem.line === undefined ? '' : `Line ${problem.line}, column ${problem.column ?? 1} of ${where}: `;
  const text = place === '' ? problem.message.charAt(0).toUpperCase() + problem.message.slice(1) : problem.message;
  return `${place}${text}.`.replace(/\.\.$/, '.');
}

/** The worker file sits in the assets folder, one level above this chunk (`_portal/c/`). */
function workerUrl(): URL {
  const name = typeof PORTAL_LIQUID_WORKER === 'string' ? PORTAL_LIQUID_WORKER : '';
  return new URL(`../${name}`, import.meta.url);
}

function installStyles(doc: Document): void {
  if (doc.getElementById('try-styles')) return;
  const style = doc.createElement('style');
  style.id = 'try-styles';
  style.textContent = PLAYGROUND_STYLES;
  doc.head.append(style);
}
