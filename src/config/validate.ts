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
  const allowed =
    'values' in issue && Array.isArray(issue.values)
      ? ` Allowed: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`
      : '';
  const unknownKeys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
  return error(
    'config-invalid',
    `${field || 'config'}: ${issue.message}${unknownKeys}.${allowed}`.replace(/\.\./g, '.'),
    {
      file,
      hint: field.startsWith('navbar.items')
        ? `check the navbar item configuration at ${field}`
        : 'see the config reference in README.md',
    },
  );
}
