import type { WalletTexts } from './en-IN';

/** The e-wallet and QRIS page in Indonesian (issue 51). */
const texts: WalletTexts = {
  title: 'Bayar dengan e-wallet atau QRIS',
  amount: 'Jumlah yang dibayar',
  choose: 'Pilih cara membayar',
  qrisHint: 'Pindai dengan aplikasi bank atau e-wallet apa pun',
  phoneLabel: 'Nomor ponsel OVO Anda',
  phoneHint: 'Diawali 08',
  pay: 'Bayar sekarang',
  qrTitle: 'Pindai kode QRIS ini dengan aplikasi bank atau e-wallet Anda',
  qrAlt: 'Kode QRIS untuk {amount}',
  expires: 'Kode ini dapat dibayar sampai {time} WIB.',
  approveInApp: 'Buka {wallet} dan setujui pembayaran sebesar {amount}.',
  afterPaying: 'Setelah Anda membayar, halaman ini menampilkan hasilnya dengan sendirinya.',
  paid: 'Saya sudah membayar',
  noAmount: 'Pembayaran ini tidak memiliki jumlah. Silakan kembali dan mulai lagi.',
};

export default texts;
