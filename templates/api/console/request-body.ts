/**
 * The request body the console sends (issue 19): JSON when the operation takes it, else a form
 * (`application/x-www-form-urlencoded`), else `multipart/form-data`, else the first other media type as text.
 * A form's fields come from its schema's properties; a `binary` field takes a file.
 */
import type { ApiMediaType, ApiOperation, Json, PropertyNode } from '../../shared/api-model.ts';
import { isFileSchema, isForm, isJson, isMultipart } from '../../shared/code-sample-writers.ts';
import { readParameter } from './validate.ts';

export type BodyKind = 'json' | 'form' | 'multipart' | 'text';

export interface ConsoleBody {
  kind: BodyKind;
  media: ApiMediaType;
}

/** A chosen file, as the console needs it: the check and the samples see its name, the request sends the blob. */
export interface FileValue {
  name: string;
  blob?: Blob;
}

export type FormValue = string | FileValue;

/** The JSON entry (`application/json`, `…+json`) of a body's or a response's media types. */
export const jsonContent = (content: readonly ApiMediaType[]): ApiMediaType | undefined =>
  content.find((c) => isJson(c.mediaType));

export function consoleBody(op: ApiOperation): ConsoleBody | undefined {
  const content = op.requestBody?.content ?? [];
  const json = jsonContent(content);
  if (json) return { kind: 'json', media: json };
  const form = content.find((c) => isForm(c.mediaType) && formFields(c).length > 0);
  if (form) return { kind: 'form', media: form };
  const multipart = content.find((c) => isMultipart(c.mediaType) && formFields(c).length > 0);
  if (multipart) return { kind: 'multipart', media: multipart };
  const other = content[0];
  return other ? { kind: 'text', media: other } : undefined;
}

/** A form's fields: its schema's properties, read-only ones left out (the server fills those). */
export const formFields = (media: ApiMediaType): PropertyNode[] =>
  (media.schema?.properties ?? []).filter((p) => !p.schema.readOnly);

/** A field the reader fills with a file: `format: binary` (or `base64`) in a multipart body. */
export const isFileField = (kind: BodyKind, p: PropertyNode): boolean => kind === 'multipart' && isFileSchema(p.schema);

export const isFile = (v: FormValue | undefined): v is FileValue => typeof v === 'object' && v !== null;

/**
 * The form as JSON, for the validator, the Mock and the code samples: each filled-in field read as its schema's
 * type (`2` for an integer, `a,b` for an array), a file as its name. Empty fields are not sent.
 */
export function formJson(media: ApiMediaType, values: Readonly<Record<string, FormValue>>): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const p of formFields(media)) {
    const v = values[p.name];
    if (v === undefined || v === '') continue;
    out[p.name] = isFile(v) ? v.name : readParameter(p.schema, v);
  }
  return out;
}

/** A form field's starting value: the body example's, else the schema's own example or default. */
export function initialFormValue(media: ApiMediaType, p: PropertyNode): string {
  const example = media.examples[0]?.value;
  const fromExample = example && typeof example === 'object' && !Array.isArray(example) ? example[p.name] : undefined;
  const v = fromExample ?? p.schema.example ?? p.schema.default;
  if (v === undefined || v === null) return '';
  return Array.isArray(v) ? v.map(String).join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);
}
