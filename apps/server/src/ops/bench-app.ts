/** The configuration the bench's in-process apps run with: sandboxes, no jobs (the bench runs them), no pages, nothing logged. */
import { type Config, loadConfig } from '../config.js';

export const benchConfig = (): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    WEB_DIST: '/nonexistent/kilat-web-dist',
    WEB_SSR_DIST: '/nonexistent/kilat-web-dist-ssr',
    JOBS_ENABLED: 'false',
  });
