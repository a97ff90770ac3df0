import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './errors';
import { shouldRetry } from './query-client';

describe('query retries', () => {
  it('never retries a call the server answered with a failure code', () => {
    expect(shouldRetry(0, new ApiError('800005', 'Do not submit repayment request twice', null, {}))).toBe(false);
  });

  it('retries a network failure once', () => {
    expect(shouldRetry(0, new NetworkError('network'))).toBe(true);
    expect(shouldRetry(1, new NetworkError('network'))).toBe(false);
  });
});
