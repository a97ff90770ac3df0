/**
 * How the Pay by UPI page shows a code (issue 51): on a phone the intent link opens the borrower's
 * UPI app, so it comes first; on a desktop there is no UPI app, so the QR is shown to scan.
 */
export type UpiView = 'intent' | 'qr';

/** A touch screen or a phone-wide window is a phone: its UPI app opens from the intent link. */
export const PHONE_MEDIA = '(pointer: coarse), (max-width: 600px)';

export const upiViewOf = (matchesPhone: boolean): UpiView => (matchesPhone ? 'intent' : 'qr');

/** Only a upi://pay link is ever offered to open (never another scheme an answer might carry). */
export const isUpiIntent = (url: string): boolean => /^upi:\/\/pay\?/.test(url);
