/**
 * The "Send a request" panel (issue 19), loaded on the first click of its button (console-button.ts). Plain DOM,
 * no React, like Try it: it lives in its host next to the page header and leaves with the page. Nothing is sent
 * until the reader presses Send, and only to the server they chose; the Mock entry answers in this tab.
 */
import type { ApiOperationData, ApiParameter, Json, SchemaNode } from '../../shared/api-model.ts';
import { checkRequest, consoleParameters, describeProblem, jsonBody, type ConsoleRequest } from './check-request.ts';
import { CONSOLE_STYLES } from './console-styles.ts';
import { mockResponse, type ConsoleResponse } from './mock.ts';
import { explainFailure, requestHeaders, requestUrl, sendRequest } from './send.ts';
import { toCurl, toFetch, toPhp, toPython, type SampleRequest } from '../../shared/code-sample-writers.ts';

/** sessionStorage only, and only when the reader ticks "remember for this tab". */
export const TOKEN_KEY = 'api-console-token';
export const MOCK = 'mock';

export interface ConsoleTarget {
  host: HTMLElement;
  button: HTMLButtonElement;
  data: ApiOperationData;
}

export function toggleConsole(target: ConsoleTarget): void {
  const open = target.host.querySelector<HTMLElement>(':scope > .api-console-panel');
  if (open) {
    open.hidden = !open.hidden;
    target.button.setAttribute('aria-expanded', String(!open.hidden));
    if (!open.hidden) open.querySelector<HTMLElement>('select, input, textarea')?.focus();
    return;
  }
  installStyles(target.host.ownerDocument);
  const panel = buildPanel(target.data);
  target.button.setAttribute('aria-controls', panel.id);
  target.button.setAttribute('aria-expanded', 'true');
  target.host.append(panel);
  panel.querySelector<HTMLElement>('select')?.focus();
}

type Props = Partial<Record<string, string>>;
function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...kids: Array<Node | string>) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) node.setAttribute(k, v);
  node.append(...kids);
  return node;
}

/** A labelled field with its error line, which aria-describedby ties to the control. */
function field(id: string, label: Node | string, control: HTMLElement): { wrap: HTMLElement; error: HTMLElement } {
  const error = el('p', { class: 'api-console-error', id: `${id}-error`, 'aria-live': 'polite' });
  control.id = id;
  control.setAttribute('aria-describedby', error.id);
  const wrap = el('div', { class: 'api-console-field' }, el('label', { for: id }, label), control, error);
  return { wrap, error };
}

const typeLabel = (s: SchemaNode): string =>
  `${s.type}${s.format ? ` (${s.format})` : ''}${s.type === 'array' && s.items ? ` of ${s.items.type}` : ''}`;

function parameterControl(p: ApiParameter): HTMLInputElement | HTMLSelectElement {
  const s = p.schema;
  const choices = s.enum ?? (s.type === 'boolean' ? [true, false] : undefined);
  const initial = p.in === 'path' || p.required ? (p.example ?? s.example ?? s.default) : s.default;
  if (choices) {
    const select = el('select', { 'data-param': p.name, 'data-in': p.in });
    if (!p.required) select.append(el('option', { value: '' }, '(not sent)'));
    for (const c of choices) select.append(el('option', { value: String(c) }, String(c)));
    select.value = initial === undefined ? (p.required ? String(choices[0]) : '') : String(initial);
    return select;
  }
  const input = el('input', {
    type: 'text',
    'data-param': p.name,
    'data-in': p.in,
    autocomplete: 'off',
    spellcheck: 'false',
    ...(s.default !== undefined ? { placeholder: `default ${JSON.stringify(s.default)}` } : {}),
  });
  if (initial !== undefined && initial !== null)
    input.value = Array.isArray(initial) ? initial.join(',') : String(initial);
  if (p.required) input.required = true;
  return input;
}

function buildPanel(data: ApiOperationData): HTMLElement {
  const op = data.operation;
  const id = `api-console-${op.slug.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const heading = el('h2', { id: `${id}-title` }, 'Send a request');
  const panel = el('section', { class: 'api-console-panel', id, 'aria-labelledby': heading.id }, heading);
  const errors = new Map<string, { control: HTMLElement; error: HTMLElement }>();

  const server = el('select');
  server.append(el('option', { value: MOCK }, 'Mock (answers in this tab from the documentation)'));
  for (const url of data.console?.servers ?? []) server.append(el('option', { value: url }, url));
  const serverField = field(`${id}-server`, 'Server', server);
  panel.append(serverField.wrap);

  let token: HTMLInputElement | undefined;
  let remember: HTMLInputElement | undefined;
  if (op.security.length > 0) {
    token = el('input', { type: 'password', autocomplete: 'off', spellcheck: 'false' });
    token.value = readToken();
    remember = el('input', { type: 'checkbox', id: `${id}-remember` });
    remember.checked = token.value !== '';
    const auth = field(`${id}-token`, 'Bearer token', token);
    errors.set('auth:Authorization', { control: token, error: auth.error });
    panel.append(
      el(
        'fieldset',
        {},
        el('legend', {}, 'Authorization'),
        auth.wrap,
        el('label', { class: 'api-console-check', for: remember.id }, remember, 'Remember for this tab'),
      ),
    );
  }

  const params = consoleParameters(op);
  for (const where of ['path', 'query', 'header'] as const) {
    const group = params.filter((p) => p.in === where);
    if (group.length === 0) continue;
    const set = el('fieldset', {}, el('legend', {}, `${where[0]?.toUpperCase()}${where.slice(1)} parameters`));
    for (const p of group) {
      const control = parameterControl(p);
      const label = el(
        'span',
        {},
        p.name,
        ' ',
        el('span', { class: 'api-console-type' }, `${typeLabel(p.schema)}${p.required ? ', required' : ''}`),
      );
      const f = field(`${id}-${where}-${p.name.replace(/[^A-Za-z0-9_-]/g, '-')}`, label, control);
      errors.set(`${where}:${p.name}`, { control, error: f.error });
      set.append(f.wrap);
    }
    panel.append(set);
  }

  const media = jsonBody(op);
  let body: HTMLTextAreaElement | undefined;
  if (media) {
    body = el('textarea', { spellcheck: 'false', rows: '12' });
    const example = media.examples[0]?.value;
    body.value = example === undefined ? '' : JSON.stringify(example, null, 2);
    const f = field(`${id}-body`, `Body (${media.mediaType})`, body);
    errors.set('body:', { control: body, error: f.error });
    panel.append(f.wrap);
  }

  const send = el('button', { type: 'button', class: 'api-console-send' }, 'Send');
  const status = el('p', { class: 'api-console-status', role: 'status' });
  const problem = el('p', { class: 'api-console-problem', role: 'alert' });
  problem.hidden = true;
  const headers = el('pre', { class: 'api-console-body api-console-headers' });
  const headersBox = el('details', {}, el('summary', {}, 'Response headers'), headers);
  headersBox.hidden = true;
  const responseBody = el('pre', {
    class: 'api-console-body api-console-response',
    tabindex: '0',
    'aria-label': 'Response body',
  });
  responseBody.hidden = true;
  const language = el('select');
  for (const [value, label] of Object.entries(SAMPLE_LABELS)) language.append(el('option', { value }, label));
  const code = el('pre', { class: 'api-console-body api-console-code', tabindex: '0', 'aria-label': 'Code sample' });
  const codeField = field(`${id}-language`, 'Code sample for this request', language);
  panel.append(send, status, problem, headersBox, responseBody, codeField.wrap, code);

  const read = (): ConsoleRequest => {
    const req: ConsoleRequest = { path: {}, query: {}, headers: {}, body: body?.value, credential: token?.value };
    for (const c of panel.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-param]')) {
      const where = c.dataset.in === 'path' ? req.path : c.dataset.in === 'query' ? req.query : req.headers;
      where[c.dataset.param ?? ''] = c.value;
    }
    return req;
  };

  const show = (response: ConsoleResponse, ms: number) => {
    status.textContent = `${response.status} ${response.statusText} · ${Math.round(ms)} ms`;
    headers.textContent = response.headers.map(([k, v]) => `${k}: ${v}`).join('\n');
    headersBox.hidden = false;
    responseBody.textContent = response.body || '(empty body)';
    responseBody.hidden = false;
  };

  // The sample follows what the reader types: the server they chose (a real one for the Mock), their values.
  const writeSample = () => {
    const base = server.value === MOCK ? (data.console?.servers[0] ?? op.servers[0]?.url ?? '') : server.value;
    code.textContent = SAMPLE_WRITERS[language.value as SampleLanguage](sampleRequest(base, op, read()));
  };
  panel.addEventListener('input', writeSample);
  panel.addEventListener('change', writeSample);
  writeSample();

  send.addEventListener('click', () => {
    const req = read();
    if (token && remember) storeToken(remember.checked ? token.value : '');
    // Field errors, each next to its field (several body errors share the body's line).
    const problems = checkRequest(op, req);
    for (const { control, error } of errors.values()) {
      error.textContent = '';
      control.removeAttribute('aria-invalid');
    }
    for (const p of problems) {
      const target = errors.get(`${p.location}:${p.location === 'body' ? '' : p.field}`);
      if (!target) continue;
      target.error.textContent = [target.error.textContent, describeProblem(p)].filter(Boolean).join('\n');
      target.control.setAttribute('aria-invalid', 'true');
    }
    problem.hidden = true;
    responseBody.hidden = true;
    headersBox.hidden = true;
    const started = performance.now();
    if (server.value === MOCK) {
      // The Mock answers invalid requests too: its 400 or 422 shows the document's error model.
      show(mockResponse(op, req), performance.now() - started);
      return;
    }
    if (problems.length > 0) {
      status.textContent = `Not sent: ${problems.length === 1 ? 'a field needs' : `${problems.length} fields need`} fixing.`;
      return;
    }
    status.textContent = `Sending ${op.method} ${requestUrl(server.value, op, req)}…`;
    send.disabled = true;
    sendRequest(server.value, op, req)
      .then(
        (response) => show(response, performance.now() - started),
        () => {
          status.textContent = 'No response';
          problem.textContent = explainFailure(requestUrl(server.value, op, req), location.origin);
          problem.hidden = false;
        },
      )
      .finally(() => {
        send.disabled = false;
      });
  });
  return panel;
}

const SAMPLE_LABELS = { curl: 'cURL', javascript: 'JavaScript', python: 'Python', php: 'PHP' };
type SampleLanguage = keyof typeof SAMPLE_LABELS;
const SAMPLE_WRITERS: Record<SampleLanguage, (r: SampleRequest) => string> = {
  curl: toCurl,
  javascript: toFetch,
  python: toPython,
  php: toPhp,
};

/** The console's request as the code samples' writers take it; a body that is not JSON yet goes as typed. */
export function sampleRequest(server: string, op: ApiOperationData['operation'], req: ConsoleRequest): SampleRequest {
  const text = req.body?.trim() ? req.body : undefined;
  let value: Json | undefined = text;
  if (text !== undefined) {
    try {
      value = JSON.parse(text) as Json;
    } catch {
      value = text;
    }
  }
  return {
    method: op.method,
    url: requestUrl(server, op, req),
    headers: [
      ...requestHeaders(req),
      ...(op.security.length > 0 && !req.credential?.trim()
        ? [['Authorization', 'Bearer <token>'] as [string, string]]
        : []),
    ],
    ...(value !== undefined ? { body: { mediaType: 'application/json', value } } : {}),
  };
}

function readToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch (error) {
    console.warn('Portal: session storage is unavailable.', error);
    return '';
  }
}

function storeToken(value: string): void {
  try {
    if (value) sessionStorage.setItem(TOKEN_KEY, value);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch (error) {
    console.warn('Portal: session storage is unavailable.', error);
  }
}

function installStyles(doc: Document): void {
  if (doc.getElementById('api-console-styles')) return;
  const style = doc.createElement('style');
  style.id = 'api-console-styles';
  style.textContent = CONSOLE_STYLES;
  doc.head.append(style);
}
