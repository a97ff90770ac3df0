import type { UpiTexts } from './en-IN';

/** The Pay by UPI page in Indonesian (issue 51). UPI is India's: an Indonesian borrower is told it is not available. */
const texts: UpiTexts = {
  title: 'Bayar dengan UPI',
  amount: 'Jumlah yang dibayar',
  explanation: 'Bayar dari aplikasi UPI mana pun, seperti Google Pay, PhonePe, Paytm, atau BHIM. Jumlah dan referensinya sudah terisi.',
  start: 'Bayar dengan UPI',
  openApp: 'Buka aplikasi UPI Anda',
  qrTitle: 'Pindai dengan aplikasi UPI Anda',
  qrAlt: 'Kode QR UPI untuk {amount}',
  showQr: 'Bayar dari ponsel lain: tampilkan kode QR',
  expires: 'Kode ini dapat dibayar sampai {time} (IST).',
  afterPaying: 'Setelah Anda membayar, halaman ini menampilkan hasilnya dengan sendirinya.',
  paid: 'Saya sudah membayar',
  noAmount: 'Pembayaran ini tidak memiliki jumlah. Silakan kembali dan mulai lagi.',
};

export default texts;
