/** Loan details (version 3) in Bahasa Indonesia. */
import type { LoanDetailsTexts } from './en-IN';

const texts = {
  title: 'Detail pinjaman',
  actions: 'Tindakan',
  orderDetails: 'Detail pesanan',
  recommended: 'Produk rekomendasi',
  submit: 'Kirim',
  oneStar: '1 bintang',
  stars: '{n} bintang',
  thankYouTitle: 'Terima kasih atas penilaian Anda!',
  thankYouBody: 'Masukan Anda membantu kami meningkatkan layanan.',
  ok: 'OK',
  coolingOffTitle: 'Masa pertimbangan',
  coolingOffBody:
    'Sampai {date} Anda dapat keluar dari pinjaman ini tanpa denda dengan membayar {amount}: pokok dan bunga untuk hari-hari Anda memegangnya.',
  exitLoan: 'Keluar dari pinjaman',
} satisfies LoanDetailsTexts;

export default texts;
