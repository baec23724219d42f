/**
 * The console's Mock server (issue 19): answers in the reader's tab from the document alone, so the console
 * teaches the API on a static host. A valid request gets the operation's success example with its path ids
 * put in; an invalid one the status and error model the document gives for it, naming the field.
 */
import type { ApiOperation, Json, SchemaNode } from '../../shared/api-model.ts';
import { checkRequest, describeProblem, jsonContent, type ConsoleRequest, type FieldProblem } from './check-request.ts';
import { isObject, readParameter } from './validate.ts';

export interface ConsoleResponse {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  422: 'Unprocessable Content',
};

/** `bodySchema`: the body's schema with its lazy parts loaded (resolveSchema), as checkRequest takes it. */
export function mockResponse(op: ApiOperation, req: ConsoleRequest, bodySchema?: SchemaNode): ConsoleResponse {
  const problems = checkRequest(op, req, bodySchema);
  const first = problems[0];
  if (first) return errorResponse(op, first, problems);
  const success = op.responses.find((r) => /^2/.test(r.status));
  const status = success && /^\d{3}$/.test(success.status) ? Number(success.status) : 200;
  const media = success ? jsonContent(success.content) : undefined;
  const example = media?.examples[0]?.value;
  if (example === undefined) return respond(status, undefined);
  return respond(status, withPathIds(op, req, example));
}

function errorResponse(op: ApiOperation, first: FieldProblem, problems: FieldProblem[]): ConsoleResponse {
  // The document's own status for it when it has one: a 422 it lacks becomes its 400.
  const statuses = first.status === 422 ? ['422', '400'] : [String(first.status)];
  const documented = statuses.flatMap((s) => op.responses.filter((r) => r.status === s))[0];
  const response = documented ?? op.responses.find((r) => r.status === '4XX' || r.status === 'default');
  const status = documented ? Number(documented.status) : first.status;
  const message = problems.map(describeProblem).join('; ');
  const field = first.field;
  const example = response ? jsonContent(response.content)?.examples[0]?.value : undefined;
  const body = isObject(example)
    ? fillError(example, message, field)
    : { error: { status, message, ...(field ? { field } : {}) } };
  return respond(status, body);
}

/** The document's error example with its message and field naming this request's problem. */
function fillError(example: Json, message: string, field: string): Json {
  if (Array.isArray(example)) return example.map((v) => fillError(v, message, field));
  if (!isObject(example)) return example;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(example)) {
    if (key === 'message' || key === 'detail') out[key] = message;
    else if (/^(param|field|parameter|pointer)$/.test(key)) out[key] = field;
    else if (key === 'requestId') out[key] = 'req_mock';
    else out[key] = fillError(value, message, field);
  }
  return out;
}

/**
 * The example with the reader's path parameters in place of the example's: each top-level field of the same
 * name; the object's own `id` when the path ends with the parameter (`/orders/{orderId}`), and so every other
 * place the example repeats that id; and every place it shows the parameter's own documented example.
 */
export function withPathIds(op: ApiOperation, req: ConsoleRequest, example: Json): Json {
  if (!isObject(example)) return example;
  let body: Json = { ...example };
  for (const p of op.parameters.filter((q) => q.in === 'path')) {
    const raw = req.path[p.name];
    if (raw === undefined || raw === '') continue;
    const value = readParameter(p.schema, raw);
    if (isObject(body) && p.name in body) body[p.name] = value;
    if (isObject(body) && op.path.endsWith(`{${p.name}}`) && body.id !== undefined)
      body = replaceValue(body, body.id, value);
    const documented = p.example ?? p.schema.example;
    if (documented !== undefined && documented !== null && typeof documented !== 'object') {
      body = replaceValue(body, documented, value);
    }
  }
  return body;
}

function replaceValue(value: Json, from: Json, to: Json): Json {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((v) => replaceValue(v, from, to));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceValue(v, from, to)]));
  return value;
}

function respond(status: number, body: Json | undefined): ConsoleResponse {
  const headers: Array<[string, string]> = [['x-portal-mock', 'true']];
  if (body !== undefined) headers.unshift(['content-type', 'application/json']);
  return {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers,
    body: body === undefined ? '' : JSON.stringify(body, null, 2),
  };
}
