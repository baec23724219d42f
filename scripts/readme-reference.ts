/**
 * The README's CLI and configuration references, generated from their sources so they cannot drift: the CLI
 * from the commander program's own help, the configuration from the zod schema (types and defaults) and the
 * doc comments above its keys. `npx tsx scripts/readme-reference.ts --write` rewrites them in place;
 * tests/unit/readme-reference.test.ts fails when the README is out of step.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { z } from 'zod';
import { createProgram } from '../src/cli.ts';
import { configSchema } from '../src/config/schema.ts';

const root = path.resolve(import.meta.dirname, '..');

/** `portal --help` and each command's, as one block. */
export function cliReference(): string {
  const program = createProgram();
  // A fixed width: the terminal's would make the README depend on who generated it.
  const help = (cmd: Command) => cmd.configureHelp({ helpWidth: 110 }).helpInformation().trimEnd();
  const parts = [
    `$ portal --help\n${help(program)}`,
    ...program.commands.map((cmd) => `$ portal ${cmd.name()} --help\n${help(cmd)}`),
  ];
  return `\`\`\`\n${parts.join('\n\n')}\n\`\`\``;
}

type Schema = z.ZodType & { def: Record<string, unknown> & { type: string } };

/** A short type for a schema, as a reader of portal.config.ts writes it. */
function typeOf(schema: Schema): string {
  const def = schema.def;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
      return typeOf(def.innerType as Schema);
    case 'pipe':
      return typeOf(def.in as Schema);
    case 'enum':
      return Object.values(def.entries as Record<string, string>)
        .map((v) => JSON.stringify(v))
        .join(' \\| ');
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v)).join(' \\| ');
    case 'union':
      return [...new Set((def.options as Schema[]).map(typeOf))].join(' \\| ');
    case 'array':
      return `${typeOf(def.element as Schema)}[]`;
    case 'object':
      return 'object';
    case 'record':
      return 'object';
    case 'unknown':
    case 'any':
    case 'custom':
      // Checked by a schema of its own (navbar items: one shape per item type).
      return 'object';
    default:
      return def.type;
  }
}

function defaultOf(schema: Schema): string {
  const def = schema.def;
  if (def.type === 'default') {
    const value = def.defaultValue as unknown;
    const text = JSON.stringify(typeof value === 'function' ? (value as () => unknown)() : value);
    return text.length > 40 ? '(see schema)' : `\`${text}\``;
  }
  if (def.type === 'optional') return 'unset';
  if (def.type === 'pipe') return defaultOf(def.in as Schema);
  return '**required**';
}

/** Object schemas below a key, looking through optional and default wrappers. */
function objectShape(schema: Schema): Record<string, Schema> | undefined {
  const def = schema.def;
  if (def.type === 'object') return def.shape as Record<string, Schema>;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault')
    return objectShape(def.innerType as Schema);
  return undefined;
}

/**
 * The doc comment right above `key:` in the schema's source, looking after the parent key's own line (so
 * `openapi.path` finds its comment, not `docs.path`'s). Empty when the key has none.
 */
function docComment(source: string, parent: string | undefined, key: string): string {
  const from = parent ? source.search(new RegExp(`\\n {2}${parent}: `)) : source.indexOf('export const configSchema');
  if (from < 0) return '';
  const at = source.slice(from + 1).search(new RegExp(`\\n\\s*${key}: `));
  if (at < 0) return '';
  const before = source.slice(0, from + 1 + at).trimEnd();
  if (!before.endsWith('*/')) return '';
  const comment = before.slice(before.lastIndexOf('/**') + 3, -2);
  return comment
    .replace(/^\s*\* ?/gm, ' ')
    .replace(/@example[\s\S]*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replaceAll('|', '\\|');
}

/** Every key of portal.config.ts two levels deep: type, default and what it is for. */
export function configReference(): string {
  const source = fs.readFileSync(path.join(root, 'src/config/schema.ts'), 'utf8');
  const rows: string[] = ['| key | type | default | what it is for |', '|---|---|---|---|'];
  const walk = (shape: Record<string, Schema>, parent: string | undefined) => {
    for (const [key, schema] of Object.entries(shape)) {
      const name = parent ? `${parent}.${key}` : key;
      rows.push(`| \`${name}\` | ${typeOf(schema)} | ${defaultOf(schema)} | ${docComment(source, parent, key)} |`);
      const inner = objectShape(schema);
      if (inner && !parent) walk(inner, key);
    }
  };
  walk((configSchema as unknown as Schema).def.shape as Record<string, Schema>, undefined);
  return rows.join('\n');
}

const MARKERS = {
  cli: ['<!-- cli-reference:start -->', '<!-- cli-reference:end -->'],
  config: ['<!-- config-reference:start -->', '<!-- config-reference:end -->'],
} as const;

/** The README with both generated blocks in place between their markers. */
export function withReferences(readme: string): string {
  let out = readme;
  for (const [name, body] of [
    ['cli', cliReference()],
    ['config', configReference()],
  ] as const) {
    const [start, end] = MARKERS[name];
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} block`);
    out = `${out.slice(0, from + start.length)}\n${body}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv.includes('--write')) {
  const file = path.join(root, 'README.md');
  fs.writeFileSync(file, withReferences(fs.readFileSync(file, 'utf8')));
}
