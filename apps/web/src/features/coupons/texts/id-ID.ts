import type { CouponsTexts } from './en-IN';

/** Kupon peminjam dalam Bahasa Indonesia (issue 50). */
const texts: CouponsTexts = {
  title: 'Kupon saya',
  usable: 'Siap dipakai',
  held: 'Sedang dipakai oleh pembayaran yang berjalan',
  used: 'Sudah dipakai',
  expired: 'Kedaluwarsa',
  validUntil: 'Berlaku sampai {date}',
  minimum: 'Untuk pembayaran minimal {amount}',
  howToUse: 'Pilih kupon saat membayar dengan kartu bank: kupon memotong biaya dan bunga, tidak pernah pokok pinjaman.',
  none: 'Tidak ada',
  noCoupons: 'Anda belum punya kupon.',
  loadFailed: 'Kami tidak dapat memuat kupon Anda.',
};

export default texts;
