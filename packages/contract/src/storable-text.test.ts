import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPath } from './storable-text.js';

describe('text PostgreSQL can store (issue 32)', () => {
  it('refuses a NUL and a lone surrogate, and keeps a surrogate pair', () => {
    expect(isStorableText('Rp 1.000 ✓')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('a\udc00')).toBe(false);
    expect(isStorableText('😀')).toBe(true);
  });

  it('names the first unstorable string of an input by its path, keys included', () => {
    expect(unstorableTextPath({ name: 'Asha', items: [{ title: 'ok' }, { title: 'bad\u0000' }] })).toBe('items.1.title');
    expect(unstorableTextPath({ orderId: '12', note: 'x\ud800' }, 'query')).toBe('query.note');
    expect(unstorableTextPath({ ['k\u0000']: 'v' })).toBe('body');
    expect(unstorableTextPath({ nested: { ['k\u0000']: 'v' } })).toBe('nested');
    expect(unstorableTextPath('\u0000')).toBe('body');
    expect(unstorableTextPath(['a', ['b', '\udc00']], 'list')).toBe('list.1.1');
  });

  it('reads the null-prototype objects the query and form parsers make', () => {
    const form = Object.assign(Object.create(null) as Record<string, unknown>, { orderId: '7', remark: 'a\u0000' });
    expect(unstorableTextPath(form)).toBe('remark');
    expect(unstorableTextPath(Object.assign(Object.create(null) as Record<string, unknown>, { orderId: '7' }))).toBeNull();
  });

  it('passes numbers, booleans, null, buffers and storable text', () => {
    expect(unstorableTextPath({ amount: 1000, paid: true, coupon: null, file: new Uint8Array([0]), name: 'Budi' })).toBeNull();
    expect(unstorableTextPath({})).toBeNull();
    expect(unstorableTextPath(undefined)).toBeNull();
  });

  it('stops below 32 levels', () => {
    let deep: unknown = 'bad\u0000';
    for (let level = 0; level < 40; level++) deep = { next: deep };
    expect(unstorableTextPath(deep)).toBeNull();
    let shallow: unknown = 'bad\u0000';
    for (let level = 0; level < 5; level++) shallow = { next: shallow };
    expect(unstorableTextPath(shallow)).toBe('next.next.next.next.next');
  });
});
