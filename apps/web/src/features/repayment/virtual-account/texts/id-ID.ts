/** Virtual-account repay page (Pelunasan) in Bahasa Indonesia. */
import type { VirtualAccountTexts } from './en-IN';

const texts = {
  virtualAccount: 'Nomor virtual account',
  paymentCode: 'Kode pembayaran',
  copy: 'Salin',
  copied: 'Berhasil disalin',
  copyFailed: 'Gagal menyalin. Nomor sudah ditandai: salin dari kotaknya.',
  total: 'Total pembayaran',
  billNumber: 'Nomor tagihan',
  method: 'Metode pembayaran',
  payBefore: 'Bayar sebelum',
  payBeforeTime: '{time} WIB',
  remaining: 'Sisa tagihan setelah pembayaran ini',
  remainingNote: 'Pembayaran di minimarket maksimal {limit}. Bayar sisanya dengan pembayaran lain, atau melalui bank.',
  steps: 'Cara pembayaran',
  help: 'Butuh bantuan?',
  call: 'Telepon layanan pelanggan',
  customerService: 'Cara lain menghubungi kami',
  changeMethod: 'Ubah metode pembayaran',
  paid: 'Saya sudah bayar',
  paidTitle: 'Terima kasih',
  ok: 'OK',
  invalidLink: 'Tautan pembayaran ini tidak lengkap. Silakan mulai pembayaran lagi dari pinjaman Anda.',
  loadFailed: 'Kami tidak dapat membuat kode pembayaran Anda.',
  paidState: 'Kode ini sudah dibayar',
  paidStateNote: 'Terima kasih. Pembayaran Anda sudah dikonfirmasi dan pinjaman Anda sudah diperbarui.',
  seeReceipt: 'Lihat bukti pembayaran',
  viewLoan: 'Lihat pinjaman saya',
} satisfies VirtualAccountTexts;

export default texts;
