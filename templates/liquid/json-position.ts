/**
 * Where JSON text first goes wrong, as a 0-based offset. Browsers' JSON.parse messages do not all say where
 * (Chromium's "Unexpected token '}', ... is not valid JSON" does not), and a reader editing an example's data
 * needs the line and column, so a failed parse is scanned again here. Returns undefined for valid JSON.
 */
export function findJsonError(text: string): number | undefined {
  let i = 0;
  const fail = (at: number): never => {
    throw at;
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) if (text[i++] !== ch) fail(i - 1);
  };
  const string = () => {
    i++;
    while (i < text.length) {
      const ch = text[i] as string;
      if (ch === '"') return void i++;
      if (ch < ' ') fail(i);
      if (ch === '\\') {
        const next = text[i + 1] ?? '';
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i);
          i += 6;
        } else if ('"\\/bfnrt'.includes(next) && next !== '') i += 2;
        else fail(i);
      } else i++;
    }
    fail(i);
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail(i);
    i += (match as RegExpExecArray)[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 500) fail(i);
    space();
    const ch = text[i];
    if (ch === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') fail(i);
        string();
        space();
        if (text[i] !== ':') fail(i);
        i++;
        value(depth + 1);
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail(i);
      }
    }
    if (ch === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value(depth + 1);
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail(i);
      }
    }
    if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else number();
  };
  try {
    value(0);
    space();
    return i < text.length ? i : undefined;
  } catch (at) {
    if (typeof at === 'number') return Math.min(at, text.length);
    throw at;
  }
}
