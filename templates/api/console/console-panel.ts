/**
 * The "Send a request" panel (issue 19), loaded on the first click of its button (console-button.ts). Plain DOM,
 * no React, like Try it: it lives in its host next to the page header and leaves with the page. Nothing is sent
 * until the reader presses Send, and only to the server they chose; the Mock entry answers in this tab.
 */
import type { ApiOperationData, ApiParameter, Json, SchemaFile, SchemaNode } from '../../shared/api-model.ts';
import { checkRequest, describeProblem, type ConsoleRequest, type FieldProblem } from './check-request.ts';
import {
  credentialSlots,
  credentialsOptional,
  requirementLabel,
  UNDESCRIBED_CREDENTIAL,
  type Credential,
  type CredentialSlot,
} from './credentials.ts';
import { CONSOLE_STYLES } from './console-styles.ts';
import { mockResponse, type ConsoleResponse } from './mock.ts';
import { consoleBody, formFields, formJson, initialFormValue, isFile, isFileField } from './request-body.ts';
import { explainFailure, requestHeaders, requestUrl, sendRequest } from './send.ts';
import { resolveSchema } from './validate.ts';
import { toCurl, toFetch, toPhp, toPython, type SampleRequest } from '../../shared/code-sample-writers.ts';

/** sessionStorage only, and only when the reader ticks "remember for this tab": `{ [scheme]: credential }`. */
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
  const panel = buildPanel(target);
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

/**
 * A control for a value of `schema`: a select of its enum (or true and false), else a text field, starting at
 * `initial`. Optional, a select offers "(not sent)".
 */
function valueControl(
  schema: SchemaNode,
  required: boolean,
  initial: Json | undefined,
): HTMLInputElement | HTMLSelectElement {
  const choices = schema.enum ?? (schema.type === 'boolean' ? [true, false] : undefined);
  if (choices) {
    const select = el('select');
    if (!required) select.append(el('option', { value: '' }, '(not sent)'));
    for (const c of choices) select.append(el('option', { value: String(c) }, String(c)));
    select.value = initial === undefined ? (required ? String(choices[0]) : '') : String(initial);
    return select;
  }
  const input = el('input', {
    type: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    ...(schema.default !== undefined ? { placeholder: `default ${JSON.stringify(schema.default)}` } : {}),
  });
  if (initial !== undefined && initial !== null)
    input.value = Array.isArray(initial) ? initial.join(',') : String(initial);
  if (required) input.required = true;
  return input;
}

/** A parameter's control, marked with its name and place for `read` to find. */
function parameterControl(p: ApiParameter): HTMLInputElement | HTMLSelectElement {
  const s = p.schema;
  const control = valueControl(
    s,
    p.required,
    p.in === 'path' || p.required ? (p.example ?? s.example ?? s.default) : s.default,
  );
  control.dataset.param = p.name;
  control.dataset.in = p.in;
  return control;
}

function buildPanel(target: ConsoleTarget): HTMLElement {
  const { data } = target;
  const op = data.operation;
  const loadSchema = schemaLoader(data.console?.baseUrl ?? '/');
  const id = `api-console-${op.slug.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const heading = el('h2', { id: `${id}-title` }, 'Send a request');
  const panel = el('section', { class: 'api-console-panel', id, 'aria-labelledby': heading.id }, heading);
  const errors = new Map<string, { control: HTMLElement; error: HTMLElement }>();

  const server = el('select');
  server.append(el('option', { value: MOCK }, 'Mock (answers in this tab from the documentation)'));
  for (const url of data.console?.servers ?? []) server.append(el('option', { value: url }, url));
  const serverField = field(`${id}-server`, 'Server', server);
  panel.append(serverField.wrap);

  const auth = op.security.length > 0 ? authorization(id, data, errors) : undefined;
  if (auth) panel.append(auth.fieldset);

  const params = op.parameters;
  for (const where of ['path', 'query', 'header', 'cookie'] as const) {
    const group = params.filter((p) => p.in === where);
    if (group.length === 0) continue;
    const set = el('fieldset', {}, el('legend', {}, `${where[0]?.toUpperCase()}${where.slice(1)} parameters`));
    if (where === 'cookie') set.append(el('p', { class: 'api-console-note' }, COOKIE_NOTE));
    for (const p of group) {
      const control = parameterControl(p);
      const f = field(`${id}-${where}-${p.name.replace(/[^A-Za-z0-9_-]/g, '-')}`, typedLabel(p.name, p), control);
      errors.set(`${where}:${p.name}`, { control, error: f.error });
      set.append(f.wrap);
    }
    panel.append(set);
  }

  const bodyKind = consoleBody(op);
  let body: HTMLTextAreaElement | undefined;
  const formControls = new Map<string, HTMLInputElement | HTMLSelectElement>();
  if (bodyKind && (bodyKind.kind === 'json' || bodyKind.kind === 'text')) {
    body = el('textarea', { spellcheck: 'false', rows: '12' });
    const example = bodyKind.media.examples[0]?.value;
    body.value =
      example === undefined
        ? ''
        : bodyKind.kind === 'text' && typeof example === 'string'
          ? example
          : JSON.stringify(example, null, 2);
    const f = field(`${id}-body`, `Body (${bodyKind.media.mediaType})`, body);
    errors.set('body:', { control: body, error: f.error });
    panel.append(f.wrap);
  } else if (bodyKind) {
    // A form's fields, one control each; the body's own line takes what names no field.
    const set = el('fieldset', {}, el('legend', {}, `Body (${bodyKind.media.mediaType})`));
    const whole = el('p', { class: 'api-console-error', id: `${id}-body-error`, 'aria-live': 'polite' });
    errors.set('body:', { control: set, error: whole });
    for (const p of formFields(bodyKind.media)) {
      const control = isFileField(bodyKind.kind, p)
        ? el('input', { type: 'file' })
        : valueControl(p.schema, p.required, initialFormValue(bodyKind.media, p));
      formControls.set(p.name, control);
      const f = field(`${id}-form-${p.name.replace(/[^A-Za-z0-9_-]/g, '-')}`, typedLabel(p.name, p), control);
      errors.set(`body:${p.name}`, { control, error: f.error });
      set.append(f.wrap);
    }
    set.append(whole);
    panel.append(set);
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
    const req: ConsoleRequest = {
      path: {},
      query: {},
      headers: {},
      cookies: {},
      body: body?.value,
      credentials: auth?.read() ?? [],
    };
    for (const c of panel.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-param]')) {
      const where = { path: req.path, query: req.query, header: req.headers, cookie: req.cookies }[c.dataset.in ?? ''];
      if (where) where[c.dataset.param ?? ''] = c.value;
    }
    if (formControls.size > 0) {
      req.form = {};
      for (const [name, c] of formControls) {
        const file = c instanceof HTMLInputElement && c.type === 'file' ? c.files?.[0] : undefined;
        req.form[name] = file
          ? { name: file.name, blob: file }
          : c instanceof HTMLInputElement && c.type === 'file'
            ? ''
            : c.value;
      }
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

  const check = async (req: ConsoleRequest): Promise<FieldProblem[]> => {
    const bodySchema = await loadBodySchema(op, req, loadSchema);
    const problems = checkRequest(op, req, bodySchema);
    for (const { control, error } of errors.values()) {
      error.textContent = '';
      control.removeAttribute('aria-invalid');
    }
    // Field errors, each next to its field (several body errors share the body's line).
    for (const p of problems) {
      const key =
        p.location === 'auth'
          ? `auth:${p.scheme ?? ''}`
          : p.location === 'body'
            ? `body:${errors.has(`body:${p.field}`) ? p.field : ''}`
            : `${p.location}:${p.field}`;
      const target = errors.get(key) ?? (p.location === 'auth' ? auth?.firstError() : undefined);
      if (!target) continue;
      target.error.textContent = [target.error.textContent, describeProblem(p)].filter(Boolean).join('\n');
      target.control.setAttribute('aria-invalid', 'true');
    }
    return problems;
  };

  send.addEventListener('click', () => {
    const req = read();
    auth?.remember();
    problem.hidden = true;
    responseBody.hidden = true;
    headersBox.hidden = true;
    send.disabled = true;
    const started = performance.now();
    void check(req)
      .then(async (problems) => {
        if (server.value === MOCK) {
          // The Mock answers invalid requests too: its 400 or 422 shows the document's error model.
          const bodySchema = await loadBodySchema(op, req, loadSchema);
          show(mockResponse(op, req, bodySchema), performance.now() - started);
          return;
        }
        if (problems.length > 0) {
          status.textContent = `Not sent: ${problems.length === 1 ? 'a field needs' : `${problems.length} fields need`} fixing.`;
          return;
        }
        status.textContent = `Sending ${op.method} ${requestUrl(server.value, op, req)}…`;
        await sendRequest(server.value, op, req).then(
          (response) => show(response, performance.now() - started),
          () => {
            status.textContent = 'No response';
            problem.textContent = explainFailure(requestUrl(server.value, op, req), location.origin);
            problem.hidden = false;
          },
        );
      })
      .catch((error: unknown) => {
        status.textContent = "Not sent: part of the body's schema could not be loaded to check it. Try again.";
        console.error('Portal: the request console could not check the request.', error);
      })
      .finally(() => {
        send.disabled = false;
      });
  });
  return panel;
}

const COOKIE_NOTE =
  'A page cannot set cookies on a request to another site: a real request carries the cookies your browser holds for that server. The Mock and the code samples use the values below.';

const typedLabel = (name: string, p: { schema: SchemaNode; required: boolean }): HTMLElement =>
  el(
    'span',
    {},
    name,
    ' ',
    el('span', { class: 'api-console-type' }, `${typeLabel(p.schema)}${p.required ? ', required' : ''}`),
  );

/**
 * The body's schema with the parts the page loads lazily put in (and circular references followed), as far as
 * the reader's body reaches; undefined when there is nothing to resolve.
 */
async function loadBodySchema(
  op: ApiOperationData['operation'],
  req: ConsoleRequest,
  load: (file: string) => Promise<SchemaNode>,
): Promise<SchemaNode | undefined> {
  const body = consoleBody(op);
  const schema = body?.media.schema;
  if (!body || !schema) return undefined;
  let value: Json | undefined;
  if (body.kind === 'form' || body.kind === 'multipart') value = formJson(body.media, req.form ?? {});
  else if (body.kind === 'json' && req.body?.trim()) {
    try {
      value = JSON.parse(req.body) as Json;
    } catch {
      return undefined;
    }
  }
  return value === undefined ? undefined : resolveSchema(schema, value, load);
}

/** Fetches a schema the page left out (issue 20), once per file while the panel is open. */
function schemaLoader(baseUrl: string): (file: string) => Promise<SchemaNode> {
  const files = new Map<string, Promise<SchemaNode>>();
  return (file) => {
    let loading = files.get(file);
    if (!loading) {
      loading = fetch(`${baseUrl}${file}`).then(async (response) => {
        if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
        return ((await response.json()) as SchemaFile).schema;
      });
      // A failed load is tried again on the next Send.
      loading.catch(() => files.delete(file));
      files.set(file, loading);
    }
    return loading;
  };
}

/**
 * The Authorization fieldset: a choice among the operation's alternatives when it has several, and a field per
 * credential of the chosen one (a username and a password for Basic). Values are kept per scheme in
 * sessionStorage, only when the reader ticks "Remember for this tab".
 */
function authorization(
  id: string,
  data: ApiOperationData,
  errors: Map<string, { control: HTMLElement; error: HTMLElement }>,
) {
  const op = data.operation;
  const stored = readCredentials();
  const fieldset = el('fieldset', {}, el('legend', {}, 'Authorization'));
  const slotsBox = el('div');
  let choice: HTMLSelectElement | undefined;
  if (op.security.length > 1) {
    choice = el('select');
    op.security.forEach((r, i) => {
      choice?.append(el('option', { value: String(i) }, requirementLabel(r)));
    });
    fieldset.append(field(`${id}-auth-choice`, 'Credentials', choice).wrap);
  }
  const remember = el('input', { type: 'checkbox', id: `${id}-remember` });
  remember.checked = Object.keys(stored).length > 0;
  let current: Array<{ slot: CredentialSlot; read: () => string; error: HTMLElement; control: HTMLElement }> = [];

  const render = () => {
    for (const c of current) errors.delete(`auth:${c.slot.scheme}`);
    const requirement = op.security[Number(choice?.value ?? 0)] ?? [];
    current = credentialSlots(requirement, data.securitySchemes).map((slot) => {
      const fieldId = `${id}-auth-${slot.scheme.replace(/[^A-Za-z0-9_-]/g, '-')}`;
      const secret = () => el('input', { type: 'password', autocomplete: 'off', spellcheck: 'false' });
      if (slot.kind === 'basic') {
        const user = el('input', { type: 'text', autocomplete: 'off', spellcheck: 'false' });
        const password = secret();
        const [u = '', ...rest] = (stored[slot.scheme] ?? '').split(':');
        user.value = u;
        password.value = rest.join(':');
        const userField = field(`${fieldId}-user`, 'Username', user);
        const passwordField = field(`${fieldId}-password`, 'Password', password);
        slotsBox.append(userField.wrap, passwordField.wrap);
        return { slot, read: () => `${user.value}:${password.value}`, error: userField.error, control: user };
      }
      const input = secret();
      input.value = stored[slot.scheme] ?? '';
      const f = field(fieldId, slot.label, input);
      slotsBox.append(f.wrap);
      if (slot.in === 'cookie') slotsBox.append(el('p', { class: 'api-console-note' }, COOKIE_NOTE));
      return { slot, read: () => input.value, error: f.error, control: input };
    });
    for (const c of current) errors.set(`auth:${c.slot.scheme}`, { control: c.control, error: c.error });
  };
  choice?.addEventListener('change', () => {
    slotsBox.replaceChildren();
    render();
  });
  render();
  fieldset.append(
    slotsBox,
    el('label', { class: 'api-console-check', for: remember.id }, remember, 'Remember for this tab'),
  );
  return {
    fieldset,
    read: (): Credential[] => current.map((c) => ({ slot: c.slot, value: c.read() })),
    firstError: () => current[0] && { control: current[0].control, error: current[0].error },
    remember: () => {
      const kept = remember.checked
        ? { ...stored, ...Object.fromEntries(current.map((c) => [c.slot.scheme, c.read()])) }
        : {};
      Object.assign(stored, kept);
      storeCredentials(kept);
    },
  };
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
  const body = consoleBody(op);
  let value: Json | undefined;
  if (body && (body.kind === 'form' || body.kind === 'multipart')) {
    const fields = formJson(body.media, req.form ?? {});
    value = Object.keys(fields).length ? fields : undefined;
  } else if (req.body?.trim()) {
    value = req.body;
    if (body?.kind === 'json')
      try {
        value = JSON.parse(req.body) as Json;
      } catch {
        value = req.body;
      }
  }
  const files =
    body?.kind === 'multipart'
      ? formFields(body.media)
          .filter((p) => isFileField(body.kind, p) && isFile(req.form?.[p.name]))
          .map((p) => p.name)
      : [];
  const credentials =
    (req.credentials ?? []).length > 0 || credentialsOptional(op.security)
      ? (req.credentials ?? [])
      : [UNDESCRIBED_CREDENTIAL];
  const withCredentials = { ...req, credentials };
  return {
    method: op.method,
    url: requestUrl(server, op, withCredentials, true),
    headers: requestHeaders(op, withCredentials, true).filter(([n]) => !(n === 'Content-Type' && value === undefined)),
    ...(value !== undefined && body
      ? { body: { mediaType: body.media.mediaType, value, ...(files.length ? { files } : {}) } }
      : {}),
  };
}

/** Credentials kept for this tab, by security scheme. */
function readCredentials(): Record<string, string> {
  try {
    const text = sessionStorage.getItem(TOKEN_KEY);
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch (error) {
    console.warn('Portal: session storage is unavailable.', error);
    return {};
  }
}

function storeCredentials(values: Record<string, string>): void {
  try {
    const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== ':'));
    if (Object.keys(kept).length) sessionStorage.setItem(TOKEN_KEY, JSON.stringify(kept));
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
