/** The contract's login calls. */
import type { CallHandlers } from '../../http/contract-route.js';
import { requestMarket } from '../../http/language.js';
import type { LoginService } from './login-service.js';

export const authHandlers = (logins: LoginService): CallHandlers => ({
  loginCode: async ({ input, request }) => {
    await logins.sendCode(requestMarket(request), input.phone);
    return null;
  },
  login: async ({ input, request }) => {
    const session = await logins.login(requestMarket(request), input.phone, input.smsCode, input.deviceId);
    return { sessionId: session.token, userId: String(session.borrowerId), expiresAt: session.expiresAt.toISOString() };
  },
});
