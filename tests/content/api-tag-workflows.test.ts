/**
 * issue 18, item 5: the tag pages of the business API show their object and their workflow, as Stripe's
 * resource pages do.
 *
 * - Every tag with operations shows "The <Name> object" with a written example (not one generated from
 *   the schema), unless it only re-lists operations of tags that do; then it links to one of those pages.
 * - The state tables (`| From | To | How |`) of orders, reservations, invoices and bills use only values
 *   of the schema's enum, reach every value, call final exactly the states nothing leaves, and name or
 *   link the operation behind each move; the order table is the machine List order states returns.
 * - Cancel a reservation refuses, in its own description, every state the reservation table does not
 *   cancel from.
 * - A resource with ids but no operation listing its objects says so, and what to use instead.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseApiDocument } from '../../src/apiref/parse.ts';
import { buildApiRoutes } from '../../src/apiref/routes.ts';
import type { ApiTagData } from '../../templates/shared/api-model.ts';
import { projectRoot } from '../helpers/fixtures.ts';
import { resolveRef } from '../helpers/openapi-ref.ts';

type Raw = Record<string, any>;
const DOC = path.join(projectRoot, 'openapi/business-api.yaml');
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
/** Tag → the field of its object that holds the state. */
const WORKFLOWS: Record<string, string> = {
  Orders: 'state',
  Reservations: 'status',
  Invoices: 'status',
  Bills: 'status',
};

interface Op {
  slug: string;
  path: string;
  method: string;
  op: Raw;
}
interface Row {
  from: string[];
  to: string[];
  /** Operation slugs the How cell links to. */
  links: string[];
  how: string;
}

let doc: Raw;
let ops: Op[];
let tagPages: Map<string, ApiTagData>;

const resolve = (node: Raw): Raw => resolveRef(doc, node);
const tagOf = (name: string): Raw => (doc.tags as Raw[]).find((t) => t.name === name) as Raw;
const opsOf = (tag: string): Op[] => ops.filter((o) => (o.op.tags as string[] | undefined)?.includes(tag));
/** Code spans of a table cell that are plain words (`draft`), not fragments such as `status: issued`. */
const words = (cell: string): string[] => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string);
const linkedSlugs = (text: string): string[] =>
  [...text.matchAll(/\]\(\/docs\/api\/([a-z0-9-]+)\)/g)].map((m) => m[1] as string);

/** The rows of the `| From | To | How |` table in a tag's description. */
const stateTable = (description: string): Row[] => {
  const lines = description.split('\n');
  const start = lines.findIndex((l) => /^\| From \| To \| How \|$/.test(l.trim()));
  if (start < 0) return [];
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const [from = '', to = '', how = ''] = line.trim().slice(1, -1).split(' | ');
    rows.push({ from: words(from), to: words(to), links: linkedSlugs(how), how });
  }
  return rows;
};
/** States a sentence such as "`cancelled` and `refunded` are final." names. */
const finalStates = (description: string): string[] => {
  const paragraph = description.split('\n\n').find((p) => /\b(are|is) final\b/.test(p)) ?? '';
  const sentence =
    paragraph
      .replace(/\s+/g, ' ')
      .split(/(?<=\.) /)
      .find((s) => /\b(are|is) final\b/.test(s)) ?? '';
  return words(sentence.split(/\b(?:are|is) final\b/)[0] ?? '');
};
/** Whether an operation's success response is a page (`data: [...]`) of the named schema. */
const listsObject = (o: Op, name: string): boolean => {
  const success = Object.entries(o.op.responses ?? {}).find(([s]) => s.startsWith('2'))?.[1] as Raw | undefined;
  const schema = resolve(resolve(success ?? {}).content?.['application/json']?.schema ?? {});
  const branches = [schema, ...((schema.allOf as Raw[] | undefined) ?? []).map(resolve)];
  return branches.some((b) => resolve(b.properties?.data ?? {}).items?.$ref === `#/components/schemas/${name}`);
};

beforeAll(async () => {
  const source = await fs.readFile(DOC, 'utf8');
  doc = parse(source);
  ops = Object.entries(doc.paths as Raw).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      slug: item[m]['x-slug'] as string,
      path: p,
      method: m,
      op: item[m] as Raw,
    })),
  );
  const parsed = await parseApiDocument({ file: DOC, source, allowedDir: path.dirname(DOC) });
  if (!parsed.model) throw new Error(parsed.diagnostics.map((d) => d.message).join('\n'));
  const routes = buildApiRoutes(parsed.model, {
    basePath: '/docs/api/',
    file: DOC,
    downloads: [],
    category: { path: '/docs/category/product-api', label: 'Product API' },
  }).routes;
  tagPages = new Map(
    routes
      .filter((r) => r.kind === 'api-tag')
      .map((r) => [(r.page.data as ApiTagData).name, r.page.data as ApiTagData]),
  );
});

describe('objects on the tag pages (issue 18, item 5)', () => {
  it('shows every resource with a written example, and links re-listing sections to the page that shows it', () => {
    const wrong: string[] = [];
    let objects = 0;
    for (const tag of doc.tags as Raw[]) {
      const page = tagPages.get(tag.name);
      if (!page || opsOf(tag.name).length === 0) continue;
      if (page.object) {
        objects++;
        if (!page.object.example) wrong.push(`${tag.name}: no example`);
        else if (page.object.example.generated)
          wrong.push(`${tag.name}: example generated from the schema; name one with x-object-example`);
        continue;
      }
      // A section such as "Bills in the ledger" re-lists operations of a tag that shows the object.
      const owners = (doc.tags as Raw[]).filter(
        (t) => t['x-object'] && t.name !== tag.name && opsOf(tag.name).every((o) => o.op.tags.includes(t.name)),
      );
      if (owners.length === 0) wrong.push(`${tag.name}: no x-object, and its operations belong to no tag that has one`);
      else if (!owners.some((t) => (tag.description as string).includes(`](/docs/api/${t['x-slug']}#`)))
        wrong.push(`${tag.name}: does not link to ${owners.map((t) => t['x-slug']).join(' or ')}`);
    }
    expect(wrong).toEqual([]);
    expect(objects).toBeGreaterThanOrEqual(22);
  });
});

describe('workflows on the tag pages (issue 18, item 5)', () => {
  it.each(Object.entries(WORKFLOWS))(
    '%s: the state table agrees with the enum and names the operation of each move',
    (tagName, field) => {
      const tag = tagOf(tagName);
      const states = resolve(doc.components.schemas[tag['x-object']].properties[field]).enum as string[];
      const rows = stateTable(tag.description);
      expect(rows.length).toBeGreaterThan(3);
      const slugs = new Set(ops.map((o) => o.slug));
      const wrong: string[] = [];
      for (const row of rows) {
        for (const s of [...row.from, ...row.to]) if (!states.includes(s)) wrong.push(`"${s}" is not a ${field}`);
        if (row.to.length === 0) wrong.push(`a row with no target state: ${row.how}`);
        for (const slug of row.links) if (!slugs.has(slug)) wrong.push(`${slug} is no operation`);
        if (row.links.length === 0 && !/^Automatically\b/.test(row.how))
          wrong.push(`no operation behind ${row.from.join(', ') || '(new)'} → ${row.to.join(', ')}`);
      }
      expect(wrong).toEqual([]);
      // Every state is reached, and the final ones are exactly those no row leaves.
      expect([...new Set(rows.flatMap((r) => r.to))].sort()).toEqual([...states].sort());
      const left = new Set(rows.flatMap((r) => r.from));
      expect(finalStates(tag.description).sort()).toEqual(states.filter((s) => !left.has(s)).sort());
    },
  );

  it('Orders: the table is the state machine List order states returns, trigger for trigger', () => {
    const listed = ops.find((o) => o.slug === 'order-states') as Op;
    const machine = Object.values(resolve(listed.op.responses['200']).content['application/json'].examples as Raw).map(
      (e) => resolve(e as Raw).value.data as Raw[],
    )[0] as Raw[];
    const fromMachine = machine.flatMap((s) =>
      (s.transitions as Raw[]).map(
        (t) =>
          `${s.state} → ${t.to}: ${(t.triggers as string[])
            .filter((x) => ['checkout', 'ship', 'change_state'].includes(x))
            .sort()
            .join(',')}`,
      ),
    );
    // The operation each trigger names (the triggers `payment` and `automatic` are not operations).
    const trigger: Record<string, string> = {
      'checkout-order': 'checkout',
      'ship-order': 'ship',
      'change-state': 'change_state',
    };
    const fromTable = stateTable(tagOf('Orders').description).flatMap((r) =>
      r.from.flatMap((from) =>
        r.to
          .filter((to) => to !== from)
          .map(
            (to) =>
              `${from} → ${to}: ${r.links
                .flatMap((l) => trigger[l] ?? [])
                .sort()
                .join(',')}`,
          ),
      ),
    );
    expect(fromTable.sort()).toEqual(fromMachine.sort());
    expect(finalStates(tagOf('Orders').description).sort()).toEqual(
      machine
        .filter((s) => s.terminal)
        .map((s) => s.state)
        .sort(),
    );
  });

  it('Reservations: Cancel a reservation refuses every state the table does not cancel from, and says when no_show is accepted', () => {
    const states = doc.components.schemas.Reservation.properties.status.enum as string[];
    const rows = stateTable(tagOf('Reservations').description).filter((r) => r.links.includes('cancel'));
    expect(rows.map((r) => r.to).sort()).toEqual([['cancelled'], ['no_show']]);
    const cancellable = new Set(rows.flatMap((r) => r.from));
    expect([...cancellable]).toEqual(['confirmed']);
    const cancel = (ops.find((o) => o.slug === 'cancel') as Op).op.description as string;
    const refusal =
      cancel
        .replace(/\s+/g, ' ')
        .split(/(?<=\.) /)
        .find((s) => s.includes('`409`')) ?? '';
    expect(refusal).toContain('`invalid_state_transition`');
    expect(states.filter((s) => !cancellable.has(s) && !words(refusal).includes(s))).toEqual([]);
    // no_show only from the first item's start, every other reason only before it: in the table, the
    // operation and the request field alike.
    const noShow = rows.find((r) => r.to.includes('no_show')) as Row;
    expect(noShow.how).toContain('`reason: no_show`');
    const reason = resolve(cancelBody()).properties.reason.description as string;
    for (const text of [cancel, reason])
      expect(text).toMatch(/[Bb]efore the first item starts, any reason but `no_show`/);
  });

  it('Inventory: each row of the stock table names its operation, and the adjustments cover every reason but other', () => {
    const description = tagOf('Inventory').description as string;
    const table = description.split('\n').filter((l) => l.trim().startsWith('| ') && !l.includes('What happens'));
    expect(table.length).toBeGreaterThan(4);
    const slugs = new Set(ops.map((o) => o.slug));
    for (const line of table) {
      const links = linkedSlugs(line);
      expect(links.length, line).toBeGreaterThan(0);
      expect(
        links.filter((l) => !slugs.has(l)),
        line,
      ).toEqual([]);
    }
    const reasons = doc.components.schemas.InventoryAdjustment.properties.reason.enum as string[];
    expect(reasons.filter((r) => r !== 'other' && !table.some((l) => l.includes(`\`${r}\``)))).toEqual([]);
  });
});

describe('missing list operations (issue 18, item 5)', () => {
  it('says so on the tag page of every resource with ids but no list, with what to use instead', () => {
    const wrong: string[] = [];
    let unlisted = 0;
    for (const tag of (doc.tags as Raw[]).filter((t) => t['x-object'])) {
      const tagOps = opsOf(tag.name);
      const hasIds = tagOps.some((o) => /\{\w+\}$/.test(o.path));
      if (!hasIds || tagOps.some((o) => o.method === 'get' && listsObject(o, tag['x-object']))) continue;
      unlisted++;
      const paragraph = (tag.description as string)
        .split('\n\n')
        .find((p) => /There is no operation that lists/.test(p));
      if (!paragraph) wrong.push(`${tag.name}: does not say that no operation lists it`);
      else if (linkedSlugs(paragraph).length === 0 && !/`[a-zA-Z.]*(?:Ids?|\.id)`/.test(paragraph))
        wrong.push(`${tag.name}: says nothing of what to use instead`);
    }
    expect(wrong).toEqual([]);
    expect(unlisted).toBeGreaterThanOrEqual(8);
  });
});

function cancelBody(): Raw {
  const cancel = ops.find((o) => o.slug === 'cancel') as Op;
  return resolve(cancel.op.requestBody).content['application/json'].schema;
}
