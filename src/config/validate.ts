import type { z } from 'zod';
import { error, type Diagnostic } from '../diagnostics.js';
import { configSchema, type PortalConfig } from './schema.js';

/** Pure: checks a raw config object and reports every problem at once, each with its field path. */
export function validateConfig(raw: unknown, file: string): { config?: PortalConfig; issues: Diagnostic[] } {
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return { config: parsed.data, issues: [] };
  return { issues: parsed.error.issues.map((issue) => toDiagnostic(issue, file)) };
}

function toDiagnostic(issue: z.core.$ZodIssue, file: string): Diagnostic {
  const field = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
  // zod's own wording for these two already lists keys and values in its own notation; say each once, plainly.
  const message =
    issue.code === 'unrecognized_keys'
      ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
      : 'values' in issue && Array.isArray(issue.values)
        ? `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
        : issue.message;
  return error('config-invalid', `${field || 'config'}: ${message.replace(/\.$/, '')}.`, {
    file,
    hint: field.startsWith('navbar.items')
      ? `check the navbar item configuration at ${field}`
      : 'see the config reference in README.md',
  });
}
