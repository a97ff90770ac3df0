/** Installment repayment in Bahasa Indonesia. */
import type { InstallmentsTexts } from './en-IN';

const texts = {
  title: 'Pembayaran cicilan',
  singleTitle: 'Pelunasan pinjaman',
  singleAmount: 'Jumlah yang harus dibayar',
  pending: 'Periode tertunda',
  paid: 'Periode lunas',
  period: 'Periode {n}',
  due: 'Jatuh tempo {date}',
  selectAll: 'Pilih semua',
  total: 'Total',
  payNow: 'Bayar sekarang',
  nothingPending: 'Tidak ada tagihan tertunda untuk pinjaman ini.',
  loadFailed: 'Kami tidak dapat memuat rencana pembayaran.',
} satisfies InstallmentsTexts;

export default texts;
