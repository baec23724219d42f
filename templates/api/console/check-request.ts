/**
 * What the reader filled in, checked against the operation (issue 19): the same check marks the console's fields
 * before sending and decides the Mock server's answer, so both name a wrong field the same way.
 */
import type { ApiOperation, ApiParameter, Json, SchemaNode } from '../../shared/api-model.ts';
import { credentialsOptional, missingCredential, type Credential } from './credentials.ts';
import { consoleBody, formFields, formJson, type FormValue } from './request-body.ts';
import { readParameter, validateValue } from './validate.ts';

export { jsonContent } from './request-body.ts';

/** A request as the console builds it: parameter values as typed, the body as text or form fields. */
export interface ConsoleRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  cookies?: Record<string, string>;
  /** A JSON or text body as typed; undefined when the operation takes none of those. */
  body?: string | undefined;
  /** A form or multipart body's fields as typed (a file field holds the chosen file). */
  form?: Record<string, FormValue> | undefined;
  /** The credentials of the requirement the reader chose; empty when it needs none. */
  credentials?: Credential[];
}

export interface FieldProblem {
  /** `path`, `query`, `header`, `cookie`, `body` or `auth`. */
  location: string;
  /** The parameter's name, the body's field path (empty for the whole body), or where a credential goes. */
  field: string;
  /** A credential's security scheme (its key), for the console to mark its field. */
  scheme?: string;
  message: string;
  /** How a server answers it: 400 malformed or missing, 401 no credential, 422 a body against its schema. */
  status: 400 | 401 | 422;
}

const valuesOf = (req: ConsoleRequest, where: ApiParameter['in']): Record<string, string> =>
  where === 'path' ? req.path : where === 'query' ? req.query : where === 'header' ? req.headers : (req.cookies ?? {});

/**
 * The problems of a request, in the order the console shows its fields. `bodySchema` is the body's schema with
 * the parts the page loads lazily put in (resolveSchema); without it, such parts accept anything.
 */
export function checkRequest(op: ApiOperation, req: ConsoleRequest, bodySchema?: SchemaNode): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const credentials = req.credentials ?? [];
  if (credentials.length === 0 && !credentialsOptional(op.security)) {
    problems.push({
      location: 'auth',
      field: 'Authorization',
      message: 'Authorization needs a credential',
      status: 401,
    });
  }
  for (const c of credentials) {
    const missing = missingCredential(c);
    if (missing)
      problems.push({
        location: 'auth',
        field: c.slot.name,
        scheme: c.slot.scheme,
        message: `${c.slot.kind === 'apiKey' ? 'The request' : 'Authorization'} ${missing}`,
        status: 401,
      });
  }
  // Every parameter, cookies included: the Mock and the samples use those the browser cannot send.
  for (const p of op.parameters) {
    const raw = valuesOf(req, p.in)[p.name] ?? '';
    if (raw === '') {
      if (p.required) problems.push({ location: p.in, field: p.name, message: 'is required', status: 400 });
      continue;
    }
    for (const problem of validateValue(p.schema, readParameter(p.schema, raw))) {
      problems.push({ location: p.in, field: p.name, message: problem.message, status: 400 });
    }
  }
  problems.push(...checkBody(op, req, bodySchema));
  return problems;
}

function checkBody(op: ApiOperation, req: ConsoleRequest, bodySchema: SchemaNode | undefined): FieldProblem[] {
  const body = consoleBody(op);
  if (!body) return [];
  const required = op.requestBody?.required === true;
  const schema = bodySchema ?? body.media.schema;
  const problem = (field: string, message: string, status: 400 | 422): FieldProblem => ({
    location: 'body',
    field,
    message,
    status,
  });
  if (body.kind === 'form' || body.kind === 'multipart') {
    const values = req.form ?? {};
    const filled = formFields(body.media).some((p) => values[p.name] !== undefined && values[p.name] !== '');
    if (!filled) return required ? [problem('', 'is required', 400)] : [];
    // A required field left empty (a file not chosen) is named by the schema's own check.
    const value = formJson(body.media, values);
    return schema ? validateValue(schema, value).map((p) => problem(p.path, p.message, 422)) : [];
  }
  const text = req.body ?? '';
  if (text.trim() === '') return required ? [problem('', 'is required', 400)] : [];
  if (body.kind === 'text') return [];
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return [problem('', `is not valid JSON: ${detail}`, 400)];
  }
  return schema ? validateValue(schema, value).map((p) => problem(p.path, p.message, 422)) : [];
}

/** One line per problem, as the console shows them and the Mock's error names them. */
export function describeProblem(p: FieldProblem): string {
  if (p.location === 'auth') return p.message;
  if (p.location === 'body') return p.field ? `Body field ${p.field} ${p.message}` : `The body ${p.message}`;
  const where = { header: 'Header', path: 'Path parameter', query: 'Query parameter', cookie: 'Cookie' }[p.location];
  return `${where ?? 'Parameter'} ${p.field} ${p.message}`;
}
