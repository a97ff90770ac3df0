/**
 * What the virtual-account page tells the borrower to do (spec §2 Pelunasan, §3 payStep): the
 * steps of each way to pay a virtual account and of each mini market, in both languages, with
 * the code and the amount filled in. The names of the ways to pay (init-pay-type's method list) too.
 */
import { interpolate, Locale } from '@kilat/contract';
import type { BankMethodCode } from './catalogue.js';

export const methodNames: Record<Locale, Record<BankMethodCode, string>> = {
  [Locale.India]: { ATM: 'ATM', MBANKING: 'Mobile banking', IBANKING: 'Internet banking' },
  [Locale.Indonesia]: { ATM: 'ATM', MBANKING: 'Mobile banking', IBANKING: 'Internet banking' },
};

const bankSteps: Record<Locale, Record<BankMethodCode, readonly string[]>> = {
  [Locale.India]: {
    ATM: [
      'Insert your {bank} ATM card and enter your PIN.',
      'Choose Other Transactions > Transfer > Virtual Account.',
      'Enter the virtual account number {code}.',
      'Check that the amount is {amount} and the recipient is Kilat, then confirm.',
      'Keep the receipt. Your payment is confirmed automatically.',
    ],
    MBANKING: [
      'Open the {bank} mobile banking app and log in.',
      'Choose Transfer > Virtual Account.',
      'Enter the virtual account number {code}.',
      'Check that the amount is {amount} and the recipient is Kilat, then enter your PIN to confirm.',
      'Your payment is confirmed automatically.',
    ],
    IBANKING: [
      'Log in to {bank} internet banking.',
      'Choose Transfer > Virtual Account.',
      'Enter the virtual account number {code}.',
      'Check that the amount is {amount} and the recipient is Kilat, then confirm with your token or one-time code.',
      'Your payment is confirmed automatically.',
    ],
  },
  [Locale.Indonesia]: {
    ATM: [
      'Masukkan kartu ATM {bank} dan PIN Anda.',
      'Pilih Transaksi Lainnya > Transfer > Virtual Account.',
      'Masukkan nomor virtual account {code}.',
      'Pastikan jumlahnya {amount} dan penerimanya Kilat, lalu konfirmasi.',
      'Simpan struk. Pembayaran Anda dikonfirmasi secara otomatis.',
    ],
    MBANKING: [
      'Buka aplikasi mobile banking {bank} dan masuk.',
      'Pilih Transfer > Virtual Account.',
      'Masukkan nomor virtual account {code}.',
      'Pastikan jumlahnya {amount} dan penerimanya Kilat, lalu masukkan PIN untuk konfirmasi.',
      'Pembayaran Anda dikonfirmasi secara otomatis.',
    ],
    IBANKING: [
      'Masuk ke internet banking {bank}.',
      'Pilih Transfer > Virtual Account.',
      'Masukkan nomor virtual account {code}.',
      'Pastikan jumlahnya {amount} dan penerimanya Kilat, lalu konfirmasi dengan token atau kode sekali pakai Anda.',
      'Pembayaran Anda dikonfirmasi secara otomatis.',
    ],
  },
};

const miniMarketSteps: Record<Locale, readonly string[]> = {
  [Locale.India]: [
    'Go to the nearest {shop} and tell the cashier you want to pay Kilat.',
    'Show the payment code {code}.',
    'Pay {amount} in cash (the store may add its own service fee).',
    'Keep the receipt. Your payment is confirmed automatically.',
  ],
  [Locale.Indonesia]: [
    'Kunjungi gerai {shop} terdekat dan sampaikan ke kasir bahwa Anda ingin membayar Kilat.',
    'Tunjukkan kode pembayaran {code}.',
    'Bayar {amount} secara tunai (gerai dapat menambahkan biaya layanannya sendiri).',
    'Simpan struk. Pembayaran Anda dikonfirmasi secara otomatis.',
  ],
};

export const bankPaySteps = (locale: Locale, method: BankMethodCode, values: { bank: string; code: string; amount: string }): string[] =>
  bankSteps[locale][method].map((step) => interpolate(step, values));

export const miniMarketPaySteps = (locale: Locale, values: { shop: string; code: string; amount: string }): string[] =>
  miniMarketSteps[locale].map((step) => interpolate(step, values));
