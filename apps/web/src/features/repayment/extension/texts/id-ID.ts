/** Extension (delay) repayment in Bahasa Indonesia. */
import type { ExtensionTexts } from './en-IN';

const texts = {
  title: 'Perpanjangan pembayaran',
  fee: 'Biaya perpanjangan',
  expiry: 'Penawaran berlaku hingga',
  orderDetails: 'Detail pesanan',
  payNow: 'Bayar sekarang',
  loadFailed: 'Kami tidak dapat memuat penawaran perpanjangan.',
} satisfies ExtensionTexts;

export default texts;
