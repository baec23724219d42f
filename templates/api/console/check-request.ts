/**
 * What the reader filled in, checked against the operation (issue 19): the same check marks the console's fields
 * before sending and decides the Mock server's answer, so both name a wrong field the same way.
 */
import type { ApiMediaType, ApiOperation, ApiParameter, Json } from '../../shared/api-model.ts';
import { readParameter, validateValue } from './validate.ts';

/** A request as the console builds it: parameter values as typed, the body as text. */
export interface ConsoleRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Undefined when the operation takes no body. */
  body?: string | undefined;
  /** The bearer token or API key the reader gave, if any. */
  credential?: string | undefined;
}

export interface FieldProblem {
  /** `path`, `query`, `header`, `body` or `auth`. */
  location: string;
  /** The parameter's name, or the body's field path (empty for the whole body). */
  field: string;
  message: string;
  /** How a server answers it: 400 malformed or missing, 401 no credential, 422 a body against its schema. */
  status: 400 | 401 | 422;
}

/** The JSON entry (`application/json`, `…+json`) of a body's or a response's media types. */
export const jsonContent = (content: readonly ApiMediaType[]): ApiMediaType | undefined =>
  content.find((c) => /[/+]json\b/.test(c.mediaType));

/** The JSON body's media type, when the operation takes one. */
export const jsonBody = (op: ApiOperation) => (op.requestBody ? jsonContent(op.requestBody.content) : undefined);

/** The parameters the console fills in (cookies are the browser's own). */
export const consoleParameters = (op: ApiOperation): ApiParameter[] => op.parameters.filter((p) => p.in !== 'cookie');

export function checkRequest(op: ApiOperation, req: ConsoleRequest): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (op.security.length > 0 && !op.security.some((r) => r.length === 0) && !req.credential?.trim()) {
    problems.push({ location: 'auth', field: 'Authorization', message: 'needs a token', status: 401 });
  }
  for (const p of consoleParameters(op)) {
    const values = p.in === 'path' ? req.path : p.in === 'query' ? req.query : req.headers;
    const raw = values[p.name] ?? '';
    if (raw === '') {
      if (p.required) problems.push({ location: p.in, field: p.name, message: 'is required', status: 400 });
      continue;
    }
    for (const problem of validateValue(p.schema, readParameter(p.schema, raw))) {
      problems.push({ location: p.in, field: p.name, message: problem.message, status: 400 });
    }
  }
  const media = jsonBody(op);
  if (media && req.body !== undefined) {
    if (req.body.trim() === '') {
      if (op.requestBody?.required) problems.push({ location: 'body', field: '', message: 'is required', status: 400 });
    } else {
      let value: Json | undefined;
      try {
        value = JSON.parse(req.body) as Json;
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        problems.push({ location: 'body', field: '', message: `is not valid JSON: ${detail}`, status: 400 });
      }
      if (value !== undefined && media.schema) {
        for (const problem of validateValue(media.schema, value)) {
          problems.push({ location: 'body', field: problem.path, message: problem.message, status: 422 });
        }
      }
    }
  }
  return problems;
}

/** One line per problem, as the console shows them and the Mock's error names them. */
export function describeProblem(p: FieldProblem): string {
  if (p.location === 'auth') return `Authorization ${p.message}`;
  if (p.location === 'body') return p.field ? `Body field ${p.field} ${p.message}` : `The body ${p.message}`;
  return `${p.location === 'header' ? 'Header' : p.location === 'path' ? 'Path parameter' : 'Query parameter'} ${p.field} ${p.message}`;
}
