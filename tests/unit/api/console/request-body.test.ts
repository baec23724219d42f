import { describe, expect, it } from 'vitest';
import type { ApiOperation, SchemaNode } from '../../../../templates/shared/api-model.ts';
import { checkRequest, type ConsoleRequest } from '../../../../templates/api/console/check-request.ts';
import { sampleRequest } from '../../../../templates/api/console/console-panel.ts';
import { mockResponse } from '../../../../templates/api/console/mock.ts';
import { consoleBody, formJson } from '../../../../templates/api/console/request-body.ts';
import { requestHeaders } from '../../../../templates/api/console/send.ts';
import { toCurl, toPhp, toPython } from '../../../../templates/shared/code-sample-writers.ts';

const photo: SchemaNode = {
  type: 'object',
  properties: [
    { name: 'file', required: true, schema: { type: 'string', format: 'binary' } },
    { name: 'alt', required: false, schema: { type: 'string', constraints: ['max length 5'] } },
    { name: 'position', required: false, schema: { type: 'integer' } },
    { name: 'id', required: false, schema: { type: 'string', readOnly: true } },
  ],
};

const upload = (mediaType: string): ApiOperation => ({
  slug: 'add-photo',
  method: 'POST',
  path: '/photos',
  title: 'Upload a photo',
  deprecated: false,
  webhook: false,
  tags: [],
  security: [],
  servers: [],
  parameters: [],
  requestBody: { required: true, content: [{ mediaType, schema: photo, examples: [] }] },
  responses: [{ status: '201', headers: [], content: [] }],
  callbacks: [],
  codeSamples: [],
});

const request = (form: ConsoleRequest['form']): ConsoleRequest => ({ path: {}, query: {}, headers: {}, form });

// issue 19: bodies other than JSON: a form's and a multipart body's fields, files included.
describe('the console’s form and multipart bodies', () => {
  it('sends JSON when it can, else a form, else multipart, else the first media type as text', () => {
    const both = upload('multipart/form-data');
    both.requestBody?.content.push({ mediaType: 'application/json', examples: [] });
    expect(consoleBody(both)?.kind).toBe('json');
    expect(consoleBody(upload('multipart/form-data'))?.kind).toBe('multipart');
    expect(consoleBody(upload('application/x-www-form-urlencoded'))?.kind).toBe('form');
    expect(
      consoleBody({
        ...upload('x'),
        requestBody: { required: true, content: [{ mediaType: 'text/csv', examples: [] }] },
      })?.kind,
    ).toBe('text');
  });

  it('reads each field as its type, leaves read-only and empty ones out, and names a file by its name', () => {
    const media = consoleBody(upload('multipart/form-data'))?.media;
    if (!media) throw new Error('no body');
    expect(formJson(media, { file: { name: 'mug.jpg' }, alt: '', position: '2', id: 'x' })).toEqual({
      file: 'mug.jpg',
      position: 2,
    });
  });

  it('checks the fields against the schema: a required file not chosen, a value out of bounds', () => {
    const op = upload('multipart/form-data');
    expect(checkRequest(op, request({ file: '', alt: 'too long', position: 'two' }))).toEqual([
      { location: 'body', field: 'file', message: 'is required', status: 422 },
      { location: 'body', field: 'alt', message: 'must have at most 5 characters', status: 422 },
      { location: 'body', field: 'position', message: 'must be an integer', status: 422 },
    ]);
    expect(checkRequest(op, request({}))).toEqual([
      { location: 'body', field: '', message: 'is required', status: 400 },
    ]);
    expect(mockResponse(op, request({ file: { name: 'mug.jpg' }, alt: 'Mug' })).status).toBe(201);
  });

  it('writes samples that upload the file, and lets fetch set the multipart boundary', () => {
    const op = upload('multipart/form-data');
    const req = request({ file: { name: 'mug.jpg' }, alt: 'Mug' });
    const sample = sampleRequest('https://api.example', op, req);
    expect(toCurl(sample)).toBe(
      [
        'curl --request POST',
        "  --url 'https://api.example/photos'",
        "  --form 'file=@mug.jpg'",
        "  --form 'alt=Mug'",
      ].join(' \\\n'),
    );
    expect(toPython(sample)).toContain('"file": open("mug.jpg", "rb"),');
    expect(toPhp(sample)).toContain("'file' => new CURLFile('mug.jpg'),");
    expect(requestHeaders(op, req)).toEqual([]);
  });

  it('writes a form body as URL-encoded fields', () => {
    const op = upload('application/x-www-form-urlencoded');
    const sample = sampleRequest('https://api.example', op, request({ alt: 'a b', position: '3' }));
    expect(toCurl(sample)).toContain("--data-urlencode 'alt=a b'");
    expect(toCurl(sample)).toContain("--header 'Content-Type: application/x-www-form-urlencoded'");
  });
});
