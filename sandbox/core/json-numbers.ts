// Numbers as written in a JSON body. JSON.parse rounds a number to the nearest double: 4.9999999999999999 becomes 5,
// and a check on the parsed value can no longer see what was sent. This finds every number the parse changed, with
// its place in the body, so the body can be refused as written.

export type JsonPath = Array<string | number>;

/** The exact decimal value of a JSON number's text, as sign, significant digits and exponent. */
function exactDecimal(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign, whole, fraction = '', exp = '0'] = m;
  const digits = (whole! + fraction).replace(/^0+/, '');
  if (!digits) return '0';
  const trimmed = digits.replace(/0+$/, '');
  // value = 0.digits × 10^(whole.length - leading zeros removed + exponent)
  const leading = (whole! + fraction).length - (whole! + fraction).replace(/^0+/, '').length;
  const point = whole!.length - leading + Number(exp);
  return `${sign}0.${trimmed}e${point}`;
}

/** Whether JSON.parse read this number's text as another value (it rounded it to the nearest double). */
export function roundedByParse(text: string): boolean {
  const value = Number(text);
  if (!Number.isFinite(value)) return true;
  return exactDecimal(text) !== exactDecimal(String(value).replace(/^-?0$/, '0'));
}

/** How many decimals a JSON number is written with: "5.000" has 3, "500e-2" 2, "5.0e1" none. */
export function writtenDecimals(text: string): number {
  const m = /^-?\d+(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return 0;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** What one pass over a (valid) JSON text finds: every number as written, with its path, and the first repeated key. */
export interface JsonScan {
  numbers: Array<{ path: JsonPath; text: string }>;
  /** the path of the first key written twice in one object (its last step is the key), or null */
  duplicate: JsonPath | null;
}

/**
 * Reads a valid JSON text once, without recursion (so any nesting JSON.parse accepts is walked too): every number as
 * written, and the first key an object has twice (JSON.parse keeps the last one silently: `{"amount":5.001,
 * "amount":5}` would be checked as 5).
 */
export function scanJson(text: string): JsonScan {
  const numbers: JsonScan['numbers'] = [];
  let duplicate: JsonPath | null = null;
  // Each open container: an object with the key being read and those seen, or an array with the current index.
  const stack: Array<{ kind: 'object'; key: string | null; keys: Set<string> } | { kind: 'array'; index: number }> = [];
  let expectKey = false;
  let i = 0;
  const path = (): JsonPath => stack.map((f) => (f.kind === 'object' ? (f.key ?? '') : f.index));
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (expectKey) {
        const top = stack[stack.length - 1];
        if (top?.kind === 'object') {
          top.key = JSON.parse(text.slice(i, j + 1)) as string;
          if (top.keys.has(top.key)) duplicate ??= path();
          top.keys.add(top.key);
        }
        expectKey = false;
      }
      i = j + 1;
    } else if (c === '{') {
      stack.push({ kind: 'object', key: null, keys: new Set() });
      expectKey = true;
      i += 1;
    } else if (c === '[') {
      stack.push({ kind: 'array', index: 0 });
      i += 1;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i += 1;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'array') top.index += 1;
      else expectKey = true;
      i += 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(text)?.[0] ?? c;
      numbers.push({ path: path(), text: number });
      i += number.length;
    } else {
      i += 1;
    }
  }
  return { numbers, duplicate };
}

/** Every number in this (valid) JSON text that JSON.parse rounds, with its path. */
export function roundedNumbers(text: string): Array<{ path: JsonPath; text: string }> {
  return scanJson(text).numbers.filter(({ text: number }) => roundedByParse(number));
}
