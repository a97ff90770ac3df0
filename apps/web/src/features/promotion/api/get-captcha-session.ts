import { Endpoints } from '@kilat/contract';
import { apiUrl, callApi } from '@/shared/http/api-client';

/** A new captcha session id (spec §3, §7). */
export const getCaptchaSession = () => callApi('captchaSession', {});

/** The captcha image of a session, with a cache-buster so that a new image is always fetched (spec §7). */
export const captchaImageUrl = (sid: string, cacheBuster: number = Date.now()): string =>
  apiUrl(Endpoints.captchaImage, { sid, t: String(cacheBuster) });
