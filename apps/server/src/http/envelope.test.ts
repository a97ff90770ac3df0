/** DESIGN §3's envelope around data already serialized (decision 184): the same JSON as `envelope` gives, encoded once. */
import { describe, expect, it } from 'vitest';
import { envelope, SerializedData, SUCCESS_MESSAGE } from './envelope.js';

const data = { orderNo: 'KLINDEMO0005', list: [{ title: 'Loan amount', value: '₹15,000.00' }], amount: 'Rp 1.500.000' };

describe('an envelope around serialized data', () => {
  it('is the JSON of the envelope, in UTF-8, under either code field', () => {
    const serialized = SerializedData.of(data);
    for (const codeField of ['code', 'status'] as const) {
      const bytes = serialized.envelopeBytes(codeField, '00', SUCCESS_MESSAGE);
      expect(bytes.toString('utf8')).toBe(JSON.stringify(envelope(codeField, '00', SUCCESS_MESSAGE, data)));
    }
  });

  it('is encoded once for the same code and message, and again when either differs', () => {
    const serialized = SerializedData.of(data);
    const first = serialized.envelopeBytes('code', '00', SUCCESS_MESSAGE);
    expect(serialized.envelopeBytes('code', '00', SUCCESS_MESSAGE)).toBe(first);
    const other = serialized.envelopeBytes('code', '00', 'berhasil');
    expect(other).not.toBe(first);
    expect(JSON.parse(other.toString('utf8'))).toEqual({ code: '00', message: 'berhasil', data });
    expect(JSON.parse(serialized.envelopeBytes('code', '1', 'berhasil').toString('utf8')).code).toBe('1');
  });

  it('holds its bytes in memory of its own, not in a slab of the pool other buffers share', () => {
    const bytes = SerializedData.of({ small: 'x' }).envelopeBytes('code', '00', SUCCESS_MESSAGE);
    expect(bytes.byteLength).toBeLessThan(Buffer.poolSize);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });
});
