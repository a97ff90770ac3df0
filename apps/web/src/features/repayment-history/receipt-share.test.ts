import { describe, expect, it, vi } from 'vitest';
import { receiptText, shareReceipt } from './receipt-share';

const target = {
  title: 'Kilat repayment receipt',
  text: 'Amount paid: ₹1,000.00',
  url: 'https://kilat.test/repaymentReceipt?paymentId=RP1',
};

describe('sharing a receipt', () => {
  it('writes each row as label and value, then the receipt address', () => {
    expect(
      receiptText(
        [
          ['Amount paid', '₹1,000.00'],
          ['Order number', 'KL1'],
        ],
        target.url,
      ),
    ).toBe(`Amount paid: ₹1,000.00\nOrder number: KL1\n${target.url}`);
  });

  it('opens the share sheet when the phone has one', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareReceipt(target, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith(target);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('says nothing when the borrower closes the share sheet', async () => {
    const share = vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError')));
    expect(await shareReceipt(target, { share })).toBe('cancelled');
  });

  it('copies the title and the receipt text without a share sheet, or when sharing fails', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareReceipt(target, { clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(`${target.title}\n${target.text}`);
    const share = vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    expect(await shareReceipt(target, { share, clipboard: { writeText } })).toBe('copied');
  });

  it('fails without a share sheet and a clipboard, or when copying is refused', async () => {
    expect(await shareReceipt(target, {})).toBe('failed');
    const writeText = vi.fn(async () => Promise.reject(new Error('insecure page')));
    expect(await shareReceipt(target, { clipboard: { writeText } })).toBe('failed');
  });
});
