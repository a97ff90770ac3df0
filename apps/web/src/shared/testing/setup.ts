/**
 * Every web unit test file: a rendered tree is unmounted after each test. Testing Library does
 * this by itself only with Vitest's globals, which this project leaves off; a tree left mounted
 * keeps React's scheduler working (a lazy page arriving) after the file's jsdom is gone, and the
 * run then fails with "window is not defined".
 *
 * A `findBy…` waits up to 5 s for what it looks for, not Testing Library's 1 s: a file's first
 * render loads its lazy page and language pack, which on a busy two-core CI machine took longer
 * than a second. The wait ends as soon as the element is there; it asserts nothing about time.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
