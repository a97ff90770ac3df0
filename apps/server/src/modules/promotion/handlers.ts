/** The promotion calls of spec §7: landing template, tracking, captcha, registration SMS and registration. */
import { Endpoints, parsePhone } from '@kilat/contract';
import { AppError } from '../../http/app-error.js';
import type { Call, CallHandlers } from '../../http/contract-route.js';
import { envelope } from '../../http/envelope.js';
import { messageFor, requestMarket } from '../../http/language.js';
import { requirePhone } from '../../http/phone.js';
import type { SessionService } from '../auth/session-service.js';
import type { CaptchaService } from './captcha-service.js';
import type { RegistrationService } from './registration-service.js';
import type { PromotionRepository } from './repository.js';

export interface PromotionDeps {
  repository: PromotionRepository;
  captchas: CaptchaService;
  registrations: RegistrationService;
  sessions: SessionService;
}

/** What a visit and a click record of the page they came from: its id and type, the client and the channel. */
const pageOf = (input: Call<'trackVisit'>['input'] | Call<'trackClick'>['input']) => ({
  pageId: input.page_id,
  pageType: input.page_type,
  clientType: input.client_type ?? '',
  userFrom: input.user_from ?? '',
  appFrom: input.app_from ?? '',
  utmTag: input.utm_tag ?? '',
});

export const promotionHandlers = ({ repository, captchas, registrations, sessions }: PromotionDeps): CallHandlers => ({
  channelTemplate: async ({ input }) => {
    const template = await repository.findTemplate(input.templateId);
    if (!template) throw AppError.notFound();
    return {
      id: template.id,
      title: template.title,
      subtitle: template.subtitle,
      images: template.images,
      backgroundColor: template.backgroundColor,
      textColor: template.textColor,
      buttonColor: template.buttonColor,
      buttonText: template.buttonText,
      agreements: template.agreements,
      downloadUrl: template.downloadUrl,
    };
  },

  trackVisit: async ({ input }) => {
    await repository.insertEvent({ kind: 'visit', ...pageOf(input) });
    return null;
  },

  trackClick: async ({ input, request }) => {
    await repository.insertEvent({
      kind: 'click',
      ...pageOf(input),
      // a click may come before the phone is complete: only a valid number is kept
      phone: parsePhone(input.phone ?? '', requestMarket(request)) ?? '',
    });
    return null;
  },

  captchaSession: async () => ({ sid: await captchas.newSession() }),

  captchaImage: async ({ input, reply }) => {
    const svg = await captchas.image(input.sid);
    if (svg === null) throw AppError.notFound();
    // every request draws a new text: no cache may answer for it
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
  },

  sendSms: async ({ input, request }) => {
    const market = requestMarket(request);
    await registrations.sendCode(market, { ...input, phone: requirePhone(input.phone, market) }, request.ip);
    return null;
  },

  register: async ({ input, request, reply }) => {
    const market = requestMarket(request);
    const borrowerId = await registrations.register(market, { ...input, phone: requirePhone(input.phone, market) });
    // the SMS code just verified proves the phone as a login's would: the borrower is signed in on the
    // device that registered, rather than asked for a second code (issue 48)
    const session = input.deviceId ? await sessions.issue(borrowerId, input.deviceId) : null;
    const data = session && { sessionId: session.token, userId: String(borrowerId), expiresAt: session.expiresAt.toISOString() };
    const { codeField, success } = Endpoints.register;
    return reply.send(envelope(codeField, success, messageFor(request, 'registrationSuccessful'), data));
  },
});
