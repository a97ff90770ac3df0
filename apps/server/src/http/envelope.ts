/** The envelope of DESIGN §3: `{ code, message, data }`, or `status` in place of `code` for joint-login calls. */
import type { CodeField } from '@kilat/contract';

export const SUCCESS_MESSAGE = 'success';

export const envelope = (codeField: CodeField, code: string, message: string, data: unknown) =>
  codeField === 'status' ? { status: code, message, data } : { code, message, data };
