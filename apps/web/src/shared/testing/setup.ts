/**
 * Every web unit test file: a rendered tree is unmounted after each test. Testing Library does
 * this by itself only with Vitest's globals, which this project leaves off; a tree left mounted
 * keeps React's scheduler working (a lazy page arriving) after the file's jsdom is gone, and the
 * run then fails with "window is not defined".
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
