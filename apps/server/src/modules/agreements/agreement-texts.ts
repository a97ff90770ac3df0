/** The agreement page's own texts, in both languages (decision 004): a document, not a message of the API. */
import { Locale } from '@kilat/contract';

export interface AgreementTexts {
  lenderIntro: string;
  borrower: string;
  phone: string;
  product: string;
  orderNo: string;
  date: string;
  terms: string;
  schedule: string;
  period: string;
  dueDate: string;
  amount: string;
  penalties: string;
  prepayment: string;
  extension: string;
  governing: string;
  keyFactsIntro: string;
  apr: string;
  totalCost: string;
  /** the full-page document's way back to the app (issue 48) */
  home: string;
  /** RBI (IRACP, 12 Nov 2021): the dates this loan would become SMA-0/1/2 and NPA if its first instalment went unpaid */
  smaExample: string;
}

export const agreementTexts: Record<Locale, AgreementTexts> = {
  [Locale.India]: {
    lenderIntro: 'This agreement is made between {lender} (the lender), which operates Kilat, and the borrower named below.',
    borrower: 'Borrower',
    phone: 'Mobile number',
    product: 'Product',
    orderNo: 'Order No.',
    date: 'Date',
    terms: 'Loan terms',
    schedule: 'Repayment schedule',
    period: 'Installment',
    dueDate: 'Due date',
    amount: 'Amount',
    penalties: 'Late repayment, on the overdue principal: {penalty}. Penalties are never compounded.',
    prepayment: 'Prepayment is allowed once half of the term has passed, and never before day 7.',
    extension: 'An extension of repayment moves the due date after its fee is paid.',
    governing: 'The term of a loan is 91 to 365 days. This agreement is governed by the laws of India.',
    keyFactsIntro: 'This key fact statement sets out the total cost of your loan, its annual percentage rate and every fee.',
    apr: 'Annual percentage rate (APR)',
    totalCost: 'Total cost of the loan',
    home: 'Back to Kilat',
    smaExample:
      'If the instalment due on {due} is not paid, your loan will be classified SMA-0 from {sma0}, SMA-1 from {sma1}, SMA-2 from {sma2} and NPA (non-performing asset) from {npa}, and reported so to credit bureaus. Paying everything overdue returns it to standard.',
  },
  [Locale.Indonesia]: {
    lenderIntro:
      'Perjanjian ini dibuat antara {lender} (pemberi pinjaman), yang mengoperasikan Kilat, dan peminjam yang disebut di bawah ini.',
    borrower: 'Peminjam',
    phone: 'Nomor ponsel',
    product: 'Produk',
    orderNo: 'No. pesanan',
    date: 'Tanggal',
    terms: 'Ketentuan pinjaman',
    schedule: 'Jadwal pembayaran',
    period: 'Cicilan',
    dueDate: 'Jatuh tempo',
    amount: 'Jumlah',
    penalties:
      'Keterlambatan: denda paling banyak {penalty} dari pokok yang terlambat, dan total biaya pinjaman tidak melebihi 100% dari pokok. Denda tidak pernah dibungakan.',
    prepayment: 'Pelunasan lebih awal diperbolehkan setelah separuh jangka waktu berlalu, dan tidak sebelum hari ke-7.',
    extension: 'Perpanjangan pembayaran memindahkan tanggal jatuh tempo setelah biayanya dibayar.',
    governing: 'Jangka waktu pinjaman 91 sampai 365 hari. Perjanjian ini tunduk pada hukum Republik Indonesia.',
    keyFactsIntro: 'Ringkasan ini memuat total biaya pinjaman Anda, suku bunga tahunannya, dan setiap biaya.',
    apr: 'Suku bunga tahunan (APR)',
    totalCost: 'Total biaya pinjaman',
    home: 'Kembali ke Kilat',
    smaExample:
      'Jika cicilan yang jatuh tempo pada {due} tidak dibayar, pinjaman Anda akan digolongkan SMA-0 mulai {sma0}, SMA-1 mulai {sma1}, SMA-2 mulai {sma2} dan NPA (kredit bermasalah) mulai {npa}, dan dilaporkan demikian ke biro kredit. Melunasi semua tunggakan mengembalikannya ke lancar.',
  },
};
