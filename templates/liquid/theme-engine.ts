/**
 * The Tessera theme engine as the docs describe it: a LiquidJS `Liquid` instance with the theme folders
 * wired up (templates/, snippets/, layout/), the Tessera filters and the `form` tag. The docs test runs every
 * example with it, and so does the reader's Try it in the browser (issue 19), so it must stay free of Node
 * APIs: theme files come from an in-memory map, never from a disk or the network.
 *
 * Every behaviour here is documented in site/docs/themes/engines/liquid/filters.mdx (filters),
 * site/docs/themes/features/customer/register.mdx (the `form` tag) and
 * site/docs/themes/features/overview.mdx (the cart form types); change them together.
 */
import { Hash, Liquid, Tag, TypeGuards, evalToken, toValue } from 'liquidjs';
import type { Context, Emitter, FS, Parser, TagToken, Template, TopLevelToken, ValueToken } from 'liquidjs';

/** Options of {@link createThemeEngine}. */
export interface ThemeEngineOptions {
  /** Theme files by theme-relative path, e.g. `snippets/price.liquid`, `locales/en.default.json`. */
  files?: Record<string, string>;
  /** Time zone used by the `date` filter; the docs' examples use UTC. */
  timezoneOffset?: number | string;
}

/**
 * Objects Tessera passes as LiquidJS `globals`: visible in every template, layout and snippet.
 * Everything else (product, category, catalog, search, page) is page scope and must be passed
 * to `render` explicitly. See /docs/themes/architecture/templates/overview.
 */
export const THEME_GLOBALS: readonly string[] = [
  'shop',
  'theme',
  'request',
  'routes',
  'settings',
  'customer',
  'cart',
  'categories',
  'page_title',
];

/**
 * The time zone the storefront renders a page in: `shop.timezone` (an IANA name), UTC without one.
 * The docs' date pitfall example depends on it.
 */
export function themeTimezone(data: Record<string, unknown>): string {
  const shop = data['shop'];
  const zone = shop !== null && typeof shop === 'object' ? (shop as Record<string, unknown>)['timezone'] : undefined;
  return typeof zone === 'string' && zone !== '' ? zone : 'UTC';
}

/** Splits render data into Tessera's globals and the page scope. */
export function splitThemeData(data: Record<string, unknown>): {
  globals: Record<string, unknown>;
  scope: Record<string, unknown>;
} {
  const globals: Record<string, unknown> = {};
  const scope: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (THEME_GLOBALS.includes(key)) globals[key] = value;
    else scope[key] = value;
  }
  return { globals, scope };
}

/** Creates the engine: theme folder lookups, strict filters, Tessera filters and tags. */
export function createThemeEngine(options: ThemeEngineOptions = {}): Liquid {
  const files = options.files ?? {};
  const engine = new Liquid({
    fs: createThemeFs(files),
    root: ['templates'],
    partials: ['snippets'],
    layouts: ['layout'],
    extname: '.liquid',
    relativeReference: false,
    strictFilters: true,
    timezoneOffset: options.timezoneOffset ?? 0,
    locale: 'en-US',
    // The storefront's limits, /docs/themes/engines/liquid/overview#how-tessera-configures-liquidjs
    parseLimit: 1_000_000,
    renderLimit: 2_000,
    memoryLimit: 100_000_000,
  });

  engine.registerFilter('money', function (this: FilterThis, value: unknown, currency?: unknown) {
    return formatMoney(value, resolveCurrency(this, currency), 'symbol');
  });
  engine.registerFilter('money_with_currency', function (this: FilterThis, value: unknown, currency?: unknown) {
    return formatMoney(value, resolveCurrency(this, currency), 'symbol-and-code');
  });
  engine.registerFilter('money_without_currency', function (this: FilterThis, value: unknown, currency?: unknown) {
    return formatMoney(value, resolveCurrency(this, currency), 'amount');
  });
  engine.registerFilter('asset_url', function (this: FilterThis, name: unknown) {
    const file = stringify(name);
    if (file === '') return '';
    const revision = stringify(this.context.getSync(['theme', 'revision']));
    return `/assets/${encodeURIComponent(file)}${revision === '' ? '' : `?v=${encodeURIComponent(revision)}`}`;
  });
  engine.registerFilter('stylesheet_tag', (url: unknown, media?: unknown) => {
    const mediaAttr = media === undefined || media === null ? '' : ` media="${escapeHtml(stringify(media))}"`;
    return `<link rel="stylesheet" href="${escapeHtml(stringify(url))}"${mediaAttr}>`;
  });
  engine.registerFilter('script_tag', (url: unknown) => `<script src="${escapeHtml(stringify(url))}" defer></script>`);
  engine.registerFilter('img_url', imgUrl);
  engine.registerFilter('handleize', handleize);
  engine.registerFilter('handle', handleize);
  engine.registerFilter('t', function (this: FilterThis, key: unknown, ...args: unknown[]) {
    return translate(files, this.context, stringify(key), namedArguments(args));
  });
  registerScriptSafeJson(engine);
  engine.registerTag('form', FormTag);
  return engine;
}

/**
 * Tessera's `json` and `jsonify`: LiquidJS's `json` (indent argument and memory accounting kept),
 * with `<`, `>` and `&` written as JSON escapes, so that a value printed into a `<script>` element
 * can never close it. The result parses back to the same value.
 */
function registerScriptSafeJson(engine: Liquid): void {
  const builtin = engine.filters['json'];
  if (typeof builtin !== 'function') throw new Error('LiquidJS has no json filter to wrap');
  const json = function (this: FilterThis, value: unknown, space?: unknown): unknown {
    const text = (builtin as (this: FilterThis, value: unknown, space?: unknown) => unknown).call(this, value, space);
    return typeof text === 'string'
      ? text.replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      : text;
  };
  engine.registerFilter('json', json);
  engine.registerFilter('jsonify', json);
}

/* ----------------------------------------------------------------------------------------------
 * Theme file system: an in-memory map of theme-relative paths, looked up through the folders the
 * engine names (templates/, snippets/, layout/), with `.liquid` added when a name has no extension.
 */

function createThemeFs(files: Record<string, string>): FS {
  const read = (filepath: string): string => {
    const content = Object.hasOwn(files, filepath) ? files[filepath] : undefined;
    if (content === undefined) throw new Error(`ENOENT: ${filepath}`);
    return content;
  };
  return {
    sep: '/',
    exists: async (filepath) => Object.hasOwn(files, filepath),
    existsSync: (filepath) => Object.hasOwn(files, filepath),
    readFile: async (filepath) => read(filepath),
    readFileSync: read,
    resolve: (dir, file, ext) => `${dir}/${/\.[a-z0-9]+$/i.test(file) ? file : file + ext}`,
    dirname: (filepath) => filepath.split('/').slice(0, -1).join('/'),
  };
}

/* ----------------------------------------------------------------------------------------------
 * Filters
 */

interface FilterThis {
  context: Context;
}

interface CurrencyFormat {
  symbol: string;
  decimals: number;
}

/** Currencies with a symbol; any other ISO code prints as the code and a space ("CHF 45.00"). */
const CURRENCIES: Record<string, CurrencyFormat> = {
  USD: { symbol: '$', decimals: 2 },
  CAD: { symbol: '$', decimals: 2 },
  AUD: { symbol: '$', decimals: 2 },
  NZD: { symbol: '$', decimals: 2 },
  EUR: { symbol: '€', decimals: 2 },
  GBP: { symbol: '£', decimals: 2 },
  JPY: { symbol: '¥', decimals: 0 },
};

function resolveCurrency(filter: FilterThis, override: unknown): string {
  const explicit = stringify(override);
  if (explicit !== '') return explicit.toUpperCase();
  const fromShop = stringify(filter.context.getSync(['shop', 'currency']));
  return fromShop === '' ? 'USD' : fromShop.toUpperCase();
}

type MoneyStyle = 'symbol' | 'symbol-and-code' | 'amount';

/** Minor units (cents) to a display string. Nil, empty or non-numeric input renders as ''. */
function formatMoney(value: unknown, code: string, style: MoneyStyle): string {
  const raw = toValue(value);
  if (raw === null || raw === undefined || raw === '' || typeof raw === 'boolean') return '';
  const minor = Math.round(Number(raw));
  if (!Number.isFinite(minor)) return '';
  const format = CURRENCIES[code] ?? { symbol: `${code} `, decimals: 2 };
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const factor = 10 ** format.decimals;
  const major = Math.floor(abs / factor);
  const fraction = abs % factor;
  const grouped = String(major).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const amount = format.decimals > 0 ? `${grouped}.${String(fraction).padStart(format.decimals, '0')}` : grouped;
  if (style === 'amount') return `${sign}${amount}`;
  const withSymbol = `${sign}${format.symbol}${amount}`;
  return style === 'symbol-and-code' ? `${withSymbol} ${code}` : withSymbol;
}

/** `img_url`: an image object or a src string, resized with a "WIDTHxHEIGHT" size. */
function imgUrl(image: unknown, size?: unknown): string {
  const value = toValue(image);
  let src = '';
  if (typeof value === 'string') src = value;
  else if (value !== null && typeof value === 'object' && 'src' in value)
    src = stringify((value as { src: unknown }).src);
  if (src === '') return '';
  const spec = stringify(size);
  if (spec === '' || spec === 'master') return src;
  const match = /^(\d*)x(\d*)$/.exec(spec);
  if (match === null || (match[1] === '' && match[2] === '')) {
    throw new Error(`img_url: invalid size "${spec}", expected "WIDTHx", "xHEIGHT", "WIDTHxHEIGHT" or "master"`);
  }
  const params: string[] = [];
  if (match[1]) params.push(`width=${match[1]}`);
  if (match[2]) params.push(`height=${match[2]}`);
  return `${src}${src.includes('?') ? '&' : '?'}${params.join('&')}`;
}

/** `handleize`: lower-case ASCII letters and digits, runs of anything else become one "-". */
function handleize(value: unknown): string {
  return stringify(value)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** LiquidJS passes named filter arguments (`count: 3`) as `[name, value]` pairs. */
function namedArguments(args: unknown[]): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const arg of args) {
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') named[arg[0]] = arg[1];
  }
  return named;
}

/** `t`: looks a dotted key up in locales/<request.locale>.json, then in locales/*.default.json. */
function translate(
  files: Record<string, string>,
  context: Context,
  key: string,
  vars: Record<string, unknown>,
): string {
  const locale = stringify(context.getSync(['request', 'locale']));
  const defaultFile = Object.keys(files).find((path) => /^locales\/[^/]+\.default\.json$/.test(path));
  const candidates = [locale === '' ? undefined : `locales/${locale}.json`, defaultFile];
  let found: unknown;
  for (const path of candidates) {
    if (path === undefined || files[path] === undefined) continue;
    found = lookupKey(JSON.parse(files[path]) as unknown, key);
    if (found !== undefined) break;
  }
  const shownLocale = locale === '' ? (defaultFile?.slice('locales/'.length, -'.default.json'.length) ?? '') : locale;
  if (found !== null && typeof found === 'object' && 'count' in vars) {
    const forms = found as Record<string, unknown>;
    const count = Number(toValue(vars['count']));
    found =
      count === 0 && typeof forms['zero'] === 'string' ? forms['zero'] : count === 1 ? forms['one'] : forms['other'];
  }
  if (typeof found !== 'string') return `translation missing: ${shownLocale}.${key}`;
  return found.replace(/\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g, (_whole, name: string) => stringify(toValue(vars[name])));
}

function lookupKey(tree: unknown, key: string): unknown {
  let node = tree;
  for (const segment of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/* ----------------------------------------------------------------------------------------------
 * The `form` tag: {% form 'customer_register', class: 'x', return_to: '/account' %} ... {% endform %}
 */

/** Form types and the storefront endpoint each one posts to. */
export const FORM_ACTIONS: Readonly<Record<string, string>> = {
  customer_register: '/account/register',
  customer_login: '/account/login',
  email_consent: '/account/email-consent',
  cart_add: '/cart/add',
  cart_update: '/cart/update',
};

class FormTag extends Tag {
  private readonly type: ValueToken;
  private readonly attributes: Hash;
  private readonly templates: Template[] = [];

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid);
    this.type = this.tokenizer.readValueOrThrow();
    this.tokenizer.skipBlank();
    if (this.tokenizer.peek() === ',') this.tokenizer.advance();
    this.attributes = new Hash(this.tokenizer, liquid.options.keyValueSeparator);
    while (remainTokens.length > 0) {
      const next = remainTokens.shift() as TopLevelToken;
      if (TypeGuards.isTagToken(next) && next.name === 'endform') return;
      this.templates.push(parser.parseToken(next, remainTokens));
    }
    throw new Error(`tag ${token.getText()} not closed`);
  }

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const type = stringify(yield evalToken(this.type, ctx));
    const action = FORM_ACTIONS[type];
    if (action === undefined) {
      throw new Error(`form: unknown form type "${type}" (known: ${Object.keys(FORM_ACTIONS).join(', ')})`);
    }
    const attrs = (yield this.attributes.render(ctx)) as Record<string, unknown>;
    let id = type;
    let returnTo = '';
    let extra = '';
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'id') id = stringify(value);
      else if (name === 'return_to') returnTo = stringify(value);
      else if (value === true) extra += ` ${name}`;
      else if (value !== false && value !== null && value !== undefined)
        extra += ` ${name}="${escapeHtml(stringify(value))}"`;
    }
    emitter.write(
      `<form method="post" action="${action}" id="${escapeHtml(id)}" accept-charset="UTF-8"${extra}>` +
        `<input type="hidden" name="form_type" value="${type}">` +
        (returnTo === '' ? '' : `<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">`),
    );
    ctx.push({ form: formState(ctx, type) });
    yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
    ctx.pop();
    emitter.write('</form>');
  }

  // biome-ignore lint/correctness/useYield: LiquidJS's Tag interface declares children() a generator; these are known up front
  *children(): Generator<unknown, Template[], unknown> {
    return this.templates;
  }
}

/** The `form` object: filled from `request.form` when the last submission was of this type. */
function formState(ctx: Context, type: string): Record<string, unknown> {
  const submitted = toValue(ctx.getSync(['request', 'form'])) as Record<string, unknown> | null | undefined;
  const matches = submitted !== null && typeof submitted === 'object' && submitted['type'] === type;
  return {
    type,
    posted_successfully: matches ? submitted['posted_successfully'] === true : false,
    errors: matches && Array.isArray(submitted['errors']) ? submitted['errors'] : [],
    values:
      matches && submitted['values'] !== null && typeof submitted['values'] === 'object' ? submitted['values'] : {},
  };
}

/* ----------------------------------------------------------------------------------------------
 * Small helpers
 */

function stringify(value: unknown): string {
  const v = toValue(value);
  if (v === null || v === undefined) return '';
  return String(v);
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;');
}
