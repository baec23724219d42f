import { arr, componentName, entries, isObject, schemaTypes } from './raw.js';

/**
 * What a schema needs before one finite instance of it can exist: `true`, a named component, or all / any
 * of a list. Only `$ref`s to components can make a cycle; inline parts are finite trees.
 */
type Need = true | { ref: string } | { all: Need[] } | { any: Need[] };

function needOf(schema: unknown): Need {
  if (!isObject(schema)) return true;
  // Checked before $ref: `nullable` beside a $ref is common (3.1 allows it) and is a way out.
  if (schemaTypes(schema).nullable) return true;
  if (typeof schema.$ref === 'string') {
    const name = componentName(schema.$ref);
    return name === undefined ? true : { ref: name };
  }
  const all: Need[] = arr(schema.allOf).map(needOf);
  const options = [...arr(schema.oneOf), ...arr(schema.anyOf)];
  if (options.length > 0) all.push({ any: options.map(needOf) });
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const name of arr(schema.required)) {
    if (typeof name === 'string' && name in properties) all.push(needOf(properties[name]));
  }
  // An array may be empty unless minItems says otherwise.
  if (schema.items !== undefined && typeof schema.minItems === 'number' && schema.minItems > 0)
    all.push(needOf(Array.isArray(schema.items) ? schema.items[0] : schema.items));
  return all.length === 0 ? true : { all };
}

function met(need: Need, finite: ReadonlySet<string>, known: ReadonlySet<string>): boolean {
  if (need === true) return true;
  if ('ref' in need) return finite.has(need.ref) || !known.has(need.ref);
  if ('all' in need) return need.all.every((n) => met(n, finite, known));
  return need.any.some((n) => met(n, finite, known));
}

/** The components a need still waits for, in order: the next steps along a cycle. */
function blockers(need: Need, finite: ReadonlySet<string>, known: ReadonlySet<string>): string[] {
  if (need === true || met(need, finite, known)) return [];
  if ('ref' in need) return [need.ref];
  return ('all' in need ? need.all : need.any).flatMap((n) => blockers(n, finite, known));
}

/**
 * Component schemas of which no finite instance exists, because required properties lead back to them
 * with no optional, nullable or empty-array way out (issue 20). Each cycle once, as names from its first
 * component back to it, e.g. `['Node', 'Child', 'Node']`.
 */
export function findEndlessCycles(schemas: unknown): string[][] {
  const needs = new Map(entries(schemas).map(([name, schema]) => [name, needOf(schema)] as const));
  const known = new Set(needs.keys());
  // Least fixed point: a component is finite once everything it requires is.
  const finite = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, need] of needs) {
      if (!finite.has(name) && met(need, finite, known)) {
        finite.add(name);
        changed = true;
      }
    }
  }
  const cycles = new Map<string, string[]>();
  for (const start of needs.keys()) {
    if (finite.has(start)) continue;
    // Every endless component waits for another endless one: walking the first blocker must loop.
    const walk: string[] = [];
    let at: string | undefined = start;
    while (at !== undefined && !walk.includes(at)) {
      walk.push(at);
      const need = needs.get(at);
      at = need === undefined ? undefined : blockers(need, finite, known)[0];
    }
    if (at === undefined) continue;
    const cycle = walk.slice(walk.indexOf(at));
    const first = cycle.indexOf([...cycle].sort()[0] as string);
    const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
    cycles.set(rotated.join('\u0000'), [...rotated, rotated[0] as string]);
  }
  return [...cycles.values()];
}
