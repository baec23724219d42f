import type { PageData } from '../../templates/shared/types.js';

/**
 * Drops, once an API operation's page and chunk are written, what only they needed: its code samples and the
 * schema trees of its body, responses and callbacks, about 95% of its data (a 10,000-operation document is a
 * gigabyte of it). What later stages read stays: title, description, method, path, operation id, parameter names
 * and tags (search, llms.txt, sitemap). Changed in place, since the route table, the API reference and the
 * bundle's records all hold the same data object. Only for a build that writes as it goes: `serve` reuses its API
 * reference between rebuilds, and a build that returns its files (`write: false`) returns them whole.
 */
export function releaseWrittenPage(page: PageData): void {
  if (page.kind !== 'api-operation') return;
  const data = page.data;
  const { requestBody: _body, ...operation } = data.operation;
  data.codeSamples = [];
  data.operation = { ...operation, responses: [], callbacks: [], codeSamples: [] };
}
