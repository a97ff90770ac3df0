/**
 * Text PostgreSQL can store (issue 32): its `text` refuses U+0000, and a lone UTF-16 surrogate has
 * no UTF-8 form at all (PostgreSQL answers "invalid byte sequence", the server a 500). Every input
 * is checked with these before anything reads it, so such a request is refused with 400 and
 * nothing stored, on every route: the contract's schemas carry the check, and the server runs it
 * on what routes outside the contract (the console, the webhooks) receive.
 */
// a high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL can store the text as it is: no NUL, no lone surrogate. */
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

const MAX_DEPTH = 32;

/**
 * The path (`name`, `items.0.title`) of the first string in a parsed input — object keys included
 * — that PostgreSQL cannot store, or null when every one can. Numbers, booleans and buffers pass.
 * It runs on every request's query, params and body (issue 33): it walks them without copying
 * them into entries, and writes a path only for the string it refuses.
 */
export const unstorableTextPath = (value: unknown, path = '', depth = 0): string | null => {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'body';
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null;
  if (value instanceof Uint8Array) return null;
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (typeof item === 'string' ? isStorableText(item) : typeof item !== 'object' || item === null) continue;
      const found = unstorableTextPath(item, at(String(index)), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (!isStorableText(key)) return path || 'body';
    const item: unknown = (value as Record<string, unknown>)[key];
    if (typeof item === 'string' ? isStorableText(item) : typeof item !== 'object' || item === null) continue;
    const found = unstorableTextPath(item, at(key), depth + 1);
    if (found !== null) return found;
  }
  return null;
};
