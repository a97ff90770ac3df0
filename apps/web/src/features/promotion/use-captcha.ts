import { useCallback, useEffect, useRef, useState } from 'react';
import { captchaImageUrl, getCaptchaSession } from './api/get-captcha-session';

export interface Captcha {
  /** the captcha session id, '' until one is loaded */
  sid: string;
  imageUrl: string;
  /** a new session and image: every check on the server spends the old one */
  renew: () => Promise<void>;
}

/** The image captcha of the registration template: a session id and its cache-busted image (spec §7). */
export const useCaptcha = (): Captcha => {
  const [current, setCurrent] = useState({ sid: '', imageUrl: '' });
  // only the latest request may set the image: taps can overlap
  const latest = useRef(0);

  const renew = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const { sid } = await getCaptchaSession();
      if (ticket === latest.current) setCurrent({ sid, imageUrl: captchaImageUrl(sid) });
    } catch {
      // the client has shown the failure; tapping the image asks again
    }
  }, []);

  useEffect(() => {
    void renew();
  }, [renew]);

  return { ...current, renew };
};
