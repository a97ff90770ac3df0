import type { PaymentResultTexts } from './en-IN';

/** Layar hasil pembayaran dalam bahasa Indonesia (decision 050). */
const texts: PaymentResultTexts = {
  title: 'Hasil pembayaran',
  paid: 'Pembayaran berhasil',
  pending: 'Pembayaran sedang dikonfirmasi',
  failed: 'Pembayaran gagal',
  paidNote: 'Terima kasih. Pembayaran Anda sudah kami terima. Sisa tagihan pinjaman ini tertera di bawah.',
  pendingNote: 'Kami menunggu konfirmasi pembayaran Anda. Halaman ini akan diperbarui dengan sendirinya.',
  failedNote: 'Pembayaran ini tidak berhasil dan tidak ada uang yang diambil. Anda dapat membayar lagi dari pinjaman Anda.',
  receipt: 'Bukti pembayaran',
  amount: 'Jumlah',
  paidFor: 'Dibayar untuk',
  details: 'Rincian pembayaran',
  paymentFor: 'Pembayaran untuk',
  newDueDate: 'Tanggal jatuh tempo baru',
  method: 'Metode pembayaran',
  date: 'Tanggal',
  orderNo: 'Nomor pesanan',
  paymentId: 'Nomor pembayaran',
  remaining: 'Sisa tagihan pinjaman ini',
  settled: 'Tidak ada: pinjaman Anda sudah lunas',
  fullReceipt: 'Buka bukti pembayaran untuk menyimpan atau membagikannya',
  viewLoan: 'Lihat pinjaman saya',
  payAgain: 'Bayar lagi',
  invalidLink: 'Tautan pembayaran ini tidak lengkap. Silakan buka pinjaman Anda untuk melihat statusnya.',
  loadFailed: 'Kami tidak dapat memuat pembayaran ini.',
};

export default texts;
