import type { MyLoansTexts } from './en-IN';

/** Layar utama dan pesanan dalam bahasa Indonesia (issue 17). */
const texts: MyLoansTexts = {
  mainTitle: 'Kilat',
  myLoans: 'Pinjaman saya',
  currentLoan: 'Pinjaman Anda',
  orderNo: 'No. Pesanan {orderNo}',
  amountDue: 'Jumlah tagihan',
  loanAmount: 'Jumlah pinjaman',
  dueDate: 'Jatuh tempo',
  appliedOn: 'Tanggal pengajuan',
  delay: 'Tunda pembayaran',
  viewDetails: 'Lihat detail pinjaman',
  productsTitle: 'Pinjaman untuk Anda',
  // spec §1 gives no payout time for Indonesia; spec §9 says credit within 1 to 3 days
  productsIntro: 'Pinjam {min} sampai {max}, dana cair dalam 1–3 hari.',
  productRange: '{min} – {max}',
  productTerm: '{days} hari',
  productRate: '{rate}% per hari',
  amountRangeLabel: 'Jumlah',
  termLabel: 'Tenor',
  rateLabel: 'Bunga',
  noProducts: 'Belum ada produk pinjaman yang dibuka. Silakan kembali nanti.',
  loadFailed: 'Pinjaman Anda tidak dapat dimuat.',
  orderTitle: 'Pinjaman saya',
  noOrders: 'Anda belum memiliki pinjaman.',
  browseProducts: 'Lihat pinjaman untuk Anda',
};

export default texts;
