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
    'Sampai {date} Anda dapat keluar dari pinjaman ini tanpa denda dengan membayar {amount}: pokok {principal} dan {cost}, yaitu APR pinjaman sebesar {apr} untuk {days} Anda memegangnya.',
  coolingOffRepaid: 'Anda sudah membayar {repaid}; jumlah itu diperhitungkan.',
  oneDay: '1 hari',
  manyDays: '{n} hari',
  exitLoan: 'Keluar dari pinjaman',
} satisfies LoanDetailsTexts;

export default texts;
