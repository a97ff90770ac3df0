/** The envelope of DESIGN §3: `{ code, message, data }`, or `status` in place of `code` for joint-login calls. */
import type { CodeField } from '@kilat/contract';

export const SUCCESS_MESSAGE = 'success';

export const envelope = (codeField: CodeField, code: string, message: string, data: unknown) =>
  codeField === 'status' ? { status: code, message, data } : { code, message, data };

/**
 * A call's data already written as JSON: a view kept from an earlier request (decision 115) is
 * sent as the text it was, the envelope written around it, not parsed and serialized again.
 */
export class SerializedData<Data = unknown> {
  declare private readonly data?: Data;

  private constructor(readonly json: string) {}

  static of<Data>(data: Data): SerializedData<Data> {
    return new SerializedData<Data>(JSON.stringify(data));
  }
}

/** The envelope's text around data already serialized, with the keys in the order `envelope` gives them. */
export const envelopeText = (codeField: CodeField, code: string, message: string, data: SerializedData) =>
  `{${JSON.stringify(codeField)}:${JSON.stringify(code)},"message":${JSON.stringify(message)},"data":${data.json}}`;
