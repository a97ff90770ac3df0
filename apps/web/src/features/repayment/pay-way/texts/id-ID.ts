/** The pay-way screen and its SMS verification in Bahasa Indonesia. */
import type { PayWayTexts } from './en-IN';

const texts = {
  title: 'Metode pembayaran',
  amount: 'Jumlah yang dibayar',
  cards: 'Bayar dengan kartu bank',
  noCards: 'Anda belum menambahkan kartu bank.',
  addCard: 'Tambah kartu bank',
  otherWays: 'Cara bayar lainnya',
  upi: 'Bayar dengan UPI',
  wallet: 'Bayar dengan e-wallet atau QRIS',
  thirdParty: 'Bayar di halaman checkout online',
  methodChooser: 'Bayar lewat virtual account atau minimarket',
  pay: 'Bayar sekarang',
  loadFailed: 'Kami tidak dapat memuat metode pembayaran Anda.',
  verifyTitle: 'Verifikasi SMS',
  verifyHint: 'Masukkan kode yang kami kirim lewat SMS untuk mengonfirmasi pembayaran ini.',
  codeLabel: 'Kode verifikasi',
  countdown: '{seconds} dtk',
  resendLabel: 'Minta kode baru',
  confirm: 'Konfirmasi',
} satisfies PayWayTexts;

export default texts;
