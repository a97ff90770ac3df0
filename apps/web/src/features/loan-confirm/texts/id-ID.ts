/** Loan confirmation V3 in Bahasa Indonesia. */
import type { LoanConfirmTexts } from './en-IN';

const texts = {
  title: 'Konfirmasi pinjaman',
  details: 'Rincian pinjaman',
  repaymentPlan: 'Rencana pembayaran',
  firstRepayment: 'Pembayaran pertama: {date}',
  agreementsIntro: 'Saya telah membaca dan menyetujui',
  agreements: 'Perjanjian',
  confirm: 'Konfirmasi',
  keyFactsIntro: 'Bacalah biaya pinjaman ini sebelum Anda mengonfirmasi.',
  principal: 'Pokok pinjaman',
  agreementFrame: 'Perjanjian',
  loadFailed: 'Kami tidak dapat memuat penawaran pinjaman ini.',
  identityTitle: 'Identitas Anda',
  identityVerified: 'Identitas terverifikasi: {name}',
  identityMissing: 'Sebelum kami memberi pinjaman, verifikasi identitas Anda: nomor identitas dan swafoto.',
  identityLink: 'Verifikasi identitas',
  payoutTitle: 'Ke mana dana dikirim',
  payoutTo: 'Dikirim ke rekening {bank} Anda berakhiran {last4}',
  payoutToUpi: 'Dikirim ke ID UPI Anda …{last4}@{psp}',
  payoutChange: 'Ganti rekening',
  payoutMissing: 'Beri tahu kami rekening atas nama Anda untuk menerima dana.',
  payoutAdd: 'Tambahkan rekening Anda',
  payoutFix: 'Perbaiki rekening Anda',
  missing: {
    identity: 'Sebelum mengonfirmasi, verifikasi identitas Anda terlebih dahulu.',
    payout: 'Sebelum mengonfirmasi, beri tahu kami rekening atas nama Anda untuk menerima dana.',
  },
} satisfies LoanConfirmTexts;

export default texts;
