/** Repay method chooser in Bahasa Indonesia. */
import type { RepayMethodTexts } from './en-IN';

const texts = {
  title: 'Metode pembayaran',
  amount: 'Jumlah yang dibayar',
  method: 'Metode',
  bank: 'Bank',
  miniMarket: 'Minimarket',
  chooseBank: 'Pilih bank',
  payAt: 'Cara bayar di {bank}',
  chooseMiniMarket: 'Pilih minimarket',
  overLimit:
    'Pembayaran di minimarket maksimal {limit}. Bayar {amount} melalui bank, atau bayar {limit} di minimarket dan sisanya dengan pembayaran lain.',
  overLimitBankOnly: 'Pembayaran di minimarket maksimal {limit}. Silakan bayar {amount} melalui bank.',
  noOptions: 'Tidak ada metode pembayaran jenis ini yang tersedia.',
  loadFailed: 'Kami tidak dapat memuat metode pembayaran.',
  save: 'Simpan',
} satisfies RepayMethodTexts;

export default texts;
