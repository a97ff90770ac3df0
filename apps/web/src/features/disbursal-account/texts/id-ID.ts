import type { DisbursalAccountTexts } from './en-IN';

/** Ke mana uang dikirim (issue 28) dalam Bahasa Indonesia. */
const texts: DisbursalAccountTexts = {
  title: 'Ke mana dana dikirim?',
  intro: 'Pinjaman Anda dikirim ke rekening atas nama Anda sendiri: {name}.',
  current: 'Rekening Anda',
  currentAccount: 'Rekening {bank} berakhiran {last4}',
  currentUpi: 'ID UPI …{last4}@{psp}',
  currentValid: 'Sudah diperiksa ke bank.',
  currentRefused: 'Rekening Anda ditolak',
  currentChecking: 'Rekening Anda sedang diperiksa',
  currentRefusedNext: 'Pinjaman tidak dapat dikirim ke sana. Silakan isi rekening lain atas nama Anda di bawah.',
  kindLegend: 'Kirim dana ke',
  kind: { bank: 'Rekening bank', upi: 'ID UPI', ewallet: 'E-wallet' },
  holderName: 'Nama pemilik rekening',
  holderHint: 'Sesuai data bank atau e-wallet.',
  accountNumber: 'Nomor rekening',
  accountNumberHint: { IN: '9 sampai 18 angka.', ID: 'Nomor rekening {bank} terdiri dari {lengths} angka.' },
  ifsc: 'IFSC',
  ifscHint: '11 karakter, ada di buku cek atau buku tabungan (seperti HDFC0001234).',
  ifscBank: 'Bank: {bank}',
  upi: 'ID UPI Anda',
  upiHint: 'Seperti nama@bank.',
  bank: 'Bank',
  wallet: 'E-wallet Anda',
  walletPhone: 'Nomor HP e-wallet',
  walletPhoneHint: 'Nomor yang terdaftar di e-wallet, diawali 08.',
  changeCode: 'Kode SMS',
  changeCodeHint: 'Untuk mengganti rekening, masukkan kode yang kami kirim ke HP berakhiran {last4}.',
  getCode: 'Kirim kode',
  resendIn: 'Kirim ulang dalam {seconds} dtk',
  save: 'Simpan dan lanjutkan',
  saved: 'Dana akan dikirim ke rekening ini.',
  backToConfirm: 'Kembali ke pinjaman Anda',
  loadFailed: 'Kami tidak dapat memuat rekening Anda.',
};

export default texts;
