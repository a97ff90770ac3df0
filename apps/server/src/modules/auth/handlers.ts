/** The contract's login calls. */
import type { CallHandlers } from '../../http/contract-route.js';
import { requestMarket } from '../../http/language.js';
import { requirePhone } from '../../http/phone.js';
import { bearerToken } from '../../http/session.js';
import type { LoginService } from './login-service.js';
import type { SessionService } from './session-service.js';

export const authHandlers = (logins: LoginService, sessions: SessionService): CallHandlers => ({
  logout: async ({ request }) => {
    // a session call: authenticate has already checked the token belongs to this device
    const token = bearerToken(request.headers.authorization);
    if (token) await sessions.revoke(token);
    return null;
  },
  loginCode: async ({ input, request }) => {
    const market = requestMarket(request);
    await logins.sendCode(market, requirePhone(input.phone, market));
    return null;
  },
  login: async ({ input, request }) => {
    const market = requestMarket(request);
    const session = await logins.login(market, requirePhone(input.phone, market), input.smsCode, input.deviceId);
    return { sessionId: session.token, userId: String(session.borrowerId), expiresAt: session.expiresAt.toISOString() };
  },
});
