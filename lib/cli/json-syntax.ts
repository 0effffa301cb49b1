// A `.json` file is read as JSON, not as YAML (which would accept a trailing comma or a comment): its syntax
// error with line and column. JSON.parse says where only for some errors, and echoes the input in others.
import type { Position } from './command-io';

/** A `.json` file, by name. */
export const JSON_FILE = /\.json$/i;

/** A JSON file's value, or its first syntax error with its position. */
export function readJson(text: string): { readonly value: unknown } | { readonly error: string; readonly at: Position } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    const found = firstJsonError(text) ?? { offset: 0, message: 'not valid JSON' };
    return { error: found.message, at: positionOf(text, found.offset) };
  }
}

type Expect = 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'comma-or-end' | 'end';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

/** The offset and kind of the first JSON syntax error (RFC 8259), or undefined when there is none. Linear, no recursion. */
export function firstJsonError(text: string): { offset: number; message: string } | undefined {
  const open: string[] = [];
  let expect: Expect = 'value';
  let i = 0;
  /** The last token was a comma. */
  let comma = false;
  const fail = (message: string) => ({ offset: i, message });
  const afterValue = (): Expect => (open.length === 0 ? 'end' : 'comma-or-end');
  for (;;) {
    WHITESPACE.lastIndex = i;
    WHITESPACE.test(text);
    i = WHITESPACE.lastIndex;
    if (i >= text.length) {
      if (expect === 'end') return undefined;
      return fail(open.length === 0 ? 'the file holds no JSON value' : 'the file ends inside the JSON value');
    }
    const c = text[i];
    const closes = (c === ']' && open[open.length - 1] === '[') || (c === '}' && open[open.length - 1] === '{');
    if (closes && (expect === 'value-or-end' || expect === 'key-or-end' || expect === 'comma-or-end')) {
      open.pop();
      i++;
      expect = afterValue();
      continue;
    }
    if (closes && comma) return fail(`a trailing comma before '${c}'`);
    comma = false;
    if (expect === 'end') return fail(`unexpected ${JSON.stringify(c)} after the JSON value`);
    if (expect === 'colon') {
      if (c !== ':') return fail(`expected ':' after the property name, found ${JSON.stringify(c)}`);
      i++;
      expect = 'value';
    } else if (expect === 'comma-or-end') {
      if (c !== ',') return fail(`expected ',' or '${open[open.length - 1] === '{' ? '}' : ']'}', found ${JSON.stringify(c)}`);
      i++;
      comma = true;
      expect = open[open.length - 1] === '{' ? 'key' : 'value';
    } else if (expect === 'key' || expect === 'key-or-end') {
      if (c !== '"') return fail(`expected a double-quoted property name, found ${JSON.stringify(c)}`);
      const end = stringEnd(text, i);
      if (typeof end !== 'number') return { offset: end.offset, message: end.message };
      i = end;
      expect = 'colon';
    } else if (c === '{' || c === '[') {
      open.push(c);
      i++;
      expect = c === '{' ? 'key-or-end' : 'value-or-end';
    } else if (c === '"') {
      const end = stringEnd(text, i);
      if (typeof end !== 'number') return { offset: end.offset, message: end.message };
      i = end;
      expect = afterValue();
    } else {
      const literal = ['true', 'false', 'null'].find((l) => text.startsWith(l, i));
      NUMBER.lastIndex = i;
      const length = literal?.length ?? (NUMBER.test(text) ? NUMBER.lastIndex - i : 0);
      if (length === 0) return fail(`expected a JSON value, found ${JSON.stringify(c)}`);
      i += length;
      expect = afterValue();
    }
  }
}

/** The offset after the string starting at `start` (a `"`), or its error. */
function stringEnd(text: string, start: number): number | { offset: number; message: string } {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return i + 1;
    if (c < ' ') return { offset: i, message: 'a control character (a line break?) inside a string' };
    if (c === '\\') {
      const e = text[i + 1];
      if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 5;
      else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
      else return { offset: i, message: 'an invalid escape in a string' };
    }
  }
  return { offset: start, message: 'a string that is never closed' };
}

/** 1-based line and column of `offset`. */
function positionOf(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf('\n'); k >= 0 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
