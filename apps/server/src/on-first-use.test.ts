import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.js';

describe('onFirstUse', () => {
  it('loads nothing until asked, then once for every caller', async () => {
    let loads = 0;
    const module = onFirstUse(async () => {
      loads += 1;
      return { answer: 42 };
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([module(), module()]);
    expect(await module()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a load that failed', async () => {
    let loads = 0;
    const module = onFirstUse(async () => {
      loads += 1;
      if (loads === 1) throw new Error('not yet');
      return 'loaded';
    });
    await expect(module()).rejects.toThrow('not yet');
    expect(await module()).toBe('loaded');
    expect(loads).toBe(2);
  });
});
