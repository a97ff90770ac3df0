/**
 * The closure (no-dues) letter of a closed loan (issue 49, decision 224): an HTML document in the
 * borrower's language naming the lender, the loan, its dates and what was paid, and saying what
 * the closure is — repaid or closed early (nothing is owed), settled by agreement (closed by a
 * one-time settlement, the rest waived) or written off (in the lender's books; not a no-dues
 * certificate). Served behind an agreement link of its own position (CLOSURE_POSITION).
 */
import { type CompanyContacts, formatMoney, interpolate, Locale, localeOf, type Market } from '@kilat/contract';
import type { LoanClosureLetter } from '@kilat/contract/schemas';
import { escapeHtml, htmlPage } from '../../http/html.js';
import { type LedgerRow, liveRows } from '../../lending/ledger-replay.js';
import { grievanceBlock, lenderBlock } from './lender-block.js';

/** The agreement-link position of a closure letter: after every agreement of either market. */
export const CLOSURE_POSITION = 9;

export type ClosureKind = LoanClosureLetter['closure'];

/**
 * How a closed loan closed, from its ledger rows in force: written off, settled by agreement, or
 * repaid — early when its last payment came before its last due date.
 */
export const closureOf = (ledger: readonly LedgerRow[], closedOn: string, lastDueDate: string | undefined): ClosureKind => {
  const live = liveRows(ledger);
  if (live.some((row) => row.kind === 'write_off')) return 'written_off';
  if (live.some((row) => row.kind === 'settlement_waiver')) return 'settled';
  return lastDueDate !== undefined && closedOn < lastDueDate ? 'closed_early' : 'repaid';
};

/** What the borrower paid on the loan: its repayments and extension fees in force. */
export const paidOf = (ledger: readonly LedgerRow[]): number =>
  liveRows(ledger)
    .filter((row) => row.kind === 'repayment' || row.kind === 'extension_fee')
    .reduce((sum, row) => sum + row.amountMinor, 0);

interface ClosureTexts {
  title: string;
  intro: string;
  borrower: string;
  orderNo: string;
  amount: string;
  disbursedOn: string;
  closedOn: string;
  paid: string;
  closure: string;
  kinds: Record<ClosureKind, string>;
  statements: Record<ClosureKind, string>;
  home: string;
}

export const closureTexts: Record<Locale, ClosureTexts> = {
  [Locale.India]: {
    title: 'Loan closure letter',
    intro: 'This letter confirms how the loan below was closed.',
    borrower: 'Borrower',
    orderNo: 'Order number',
    amount: 'Loan amount',
    disbursedOn: 'Disbursed on',
    closedOn: 'Closed on',
    paid: 'Amount paid',
    closure: 'Closure',
    kinds: {
      repaid: 'Repaid in full',
      closed_early: 'Closed early (repaid in full before its last due date)',
      settled: 'Settled by agreement',
      written_off: 'Written off',
    },
    statements: {
      repaid: 'The loan is repaid in full and closed. Nothing is owed on it: this is your no-dues certificate.',
      closed_early:
        'The loan was repaid in full before its last due date and is closed. Nothing is owed on it: this is your no-dues certificate.',
      settled:
        'The loan is closed by a one-time settlement: you paid the settlement amount agreed and the rest of what was owed was waived. Nothing more is owed on it.',
      written_off:
        'The lender has written this loan off in its books. This is not a no-dues certificate: writing a loan off does not mean it was repaid.',
    },
    home: 'Back to Kilat',
  },
  [Locale.Indonesia]: {
    title: 'Surat keterangan penutupan pinjaman',
    intro: 'Surat ini menerangkan bagaimana pinjaman di bawah ini ditutup.',
    borrower: 'Peminjam',
    orderNo: 'Nomor pesanan',
    amount: 'Jumlah pinjaman',
    disbursedOn: 'Dicairkan pada',
    closedOn: 'Ditutup pada',
    paid: 'Jumlah yang dibayar',
    closure: 'Penutupan',
    kinds: {
      repaid: 'Lunas',
      closed_early: 'Dilunasi lebih awal (lunas sebelum jatuh tempo terakhir)',
      settled: 'Lunas dengan kesepakatan',
      written_off: 'Dihapusbukukan',
    },
    statements: {
      repaid: 'Pinjaman telah lunas dan ditutup. Tidak ada lagi kewajiban atasnya: ini surat keterangan lunas Anda.',
      closed_early:
        'Pinjaman telah dilunasi sebelum jatuh tempo terakhirnya dan ditutup. Tidak ada lagi kewajiban atasnya: ini surat keterangan lunas Anda.',
      settled:
        'Pinjaman ditutup dengan penyelesaian satu kali: Anda membayar jumlah penyelesaian yang disepakati dan sisa kewajiban dihapuskan. Tidak ada lagi kewajiban atasnya.',
      written_off:
        'Pemberi pinjaman telah menghapusbukukan pinjaman ini dalam pembukuannya. Ini bukan surat keterangan lunas: hapus buku tidak berarti pinjaman telah dilunasi.',
    },
    home: 'Kembali ke Kilat',
  },
};

export interface ClosureLetterData {
  market: Market;
  lender: CompanyContacts;
  borrowerName: string;
  orderNo: string;
  principalMinor: number;
  disbursedOn: string | null;
  closedOn: string;
  paidMinor: number;
  closure: ClosureKind;
}

const LETTER_STYLE =
  'body{font-family:sans-serif;margin:16px;color:#222;line-height:1.5}table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #ddd;padding:6px;text-align:left;font-size:14px}h1{font-size:20px}h2{font-size:16px}';

export const renderClosureLetter = (data: ClosureLetterData): string => {
  const locale = localeOf(data.market);
  const x = closureTexts[locale];
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  const money = (minor: number) => formatMoney(minor, data.market);
  const loan = [
    row(x.borrower, data.borrowerName),
    row(x.orderNo, data.orderNo),
    row(x.amount, money(data.principalMinor)),
    row(x.disbursedOn, data.disbursedOn ?? '—'),
    row(x.closedOn, data.closedOn),
    row(x.paid, money(data.paidMinor)),
    row(x.closure, x.kinds[data.closure]),
  ].join('');
  const home = `<p><a href="/main" target="_top">${escapeHtml(x.home)}</a></p>`;
  const body =
    `${home}<h1>${escapeHtml(x.title)}</h1><p>${escapeHtml(x.intro)}</p><table>${loan}</table>` +
    `<p data-closure="${data.closure}"><strong>${escapeHtml(x.statements[data.closure])}</strong></p>` +
    `${lenderBlock(data.lender, data.market)}${grievanceBlock(data.lender, data.market)}${home}`;
  return htmlPage({ lang: locale, title: interpolate(`${x.title} {orderNo}`, { orderNo: data.orderNo }), style: LETTER_STYLE, body });
};
