/** The envelope of DESIGN §3: `{ code, message, data }`, or `status` in place of `code` for joint-login calls. */
import type { CodeField } from '@kilat/contract';

export const SUCCESS_MESSAGE = 'success';

export const envelope = (codeField: CodeField, code: string, message: string, data: unknown) =>
  codeField === 'status' ? { status: code, message, data } : { code, message, data };

/**
 * A call's data already written as JSON: a view kept from an earlier request (decision 115) is
 * sent as the bytes it was, the envelope written around it once, not serialized and encoded again
 * for every request that reads it (decision 184).
 */
export class SerializedData<Data = unknown> {
  declare private readonly data?: Data;
  /** the envelope last written around this data, in UTF-8: a kept view is sent many times with the same code and message */
  private sent: { codeField: CodeField; code: string; message: string; bytes: Buffer } | undefined;

  /** `json`: the data's JSON in UTF-8; once an envelope is made, a view into its bytes, so the data is held once */
  private constructor(private json: Buffer) {}

  static of<Data>(data: Data): SerializedData<Data> {
    return new SerializedData<Data>(ownBytes(JSON.stringify(data)));
  }

  /** The envelope around this data in UTF-8, with the keys in the order `envelope` gives them; shared, so never written to. */
  envelopeBytes(codeField: CodeField, code: string, message: string): Buffer {
    const sent = this.sent;
    if (sent?.codeField === codeField && sent.code === code && sent.message === message) return sent.bytes;
    const head = `{${JSON.stringify(codeField)}:${JSON.stringify(code)},"message":${JSON.stringify(message)},"data":`;
    const headLength = Buffer.byteLength(head, 'utf8');
    const bytes = Buffer.allocUnsafeSlow(headLength + this.json.length + 1);
    bytes.write(head, 0, 'utf8');
    this.json.copy(bytes, headLength);
    bytes.write('}', headLength + this.json.length, 'utf8');
    this.json = bytes.subarray(headLength, headLength + this.json.length);
    this.sent = { codeField, code, message, bytes };
    return bytes;
  }
}

/** `text` in UTF-8 in a buffer of its own, not a slice of Node's shared pool, which a kept view would hold whole. */
const ownBytes = (text: string) => {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 0, 'utf8');
  return bytes;
};
