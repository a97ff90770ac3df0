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
} satisfies LoanDetailsTexts;

export default texts;
