import type { SettingTexts } from './en-IN';

/** Layar pengaturan dalam bahasa Indonesia (issue 17). */
const texts: SettingTexts = {
  title: 'Pengaturan',
  languageTitle: 'Bahasa',
  languageHint: 'Halaman mengikuti bahasa pasar Anda kecuali Anda memilih bahasa lain. Jumlah uang tetap dalam mata uang pasar Anda.',
  languageNames: { 'en-IN': 'English', 'id-ID': 'Bahasa Indonesia' },
  coupons: 'Kupon saya',
  repaymentHistory: 'Riwayat dan bukti pembayaran',
  myData: 'Data yang disimpan Kilat tentang Anda',
  sessionTitle: 'Keluar',
  logOut: 'Keluar',
  logOutEverywhere: 'Keluar dari semua ponsel',
  logOutEverywhereHint: 'Gunakan ini jika ponsel Anda hilang atau Anda masuk di ponsel orang lain.',
  logOutEverywhereConfirm: 'Keluar dari semua ponsel, termasuk ponsel ini?',
  logOutEverywhereYes: 'Ya, keluar dari semua ponsel',
  logOutEverywhereNo: 'Tetap masuk',
  loggedOutEverywhere: 'Anda sudah keluar dari semua ponsel.',
  accountTitle: 'Akun Anda',
  deleteAccount: 'Hapus akun saya',
  deleteHint:
    'Anda dapat menghapus akun jika tidak ada pinjaman berjalan. Catatan pinjaman Anda tetap disimpan sesuai hukum, tetapi Anda tidak dapat masuk lagi.',
  deleteConfirm: 'Hapus akun Anda untuk selamanya?',
  deleteYes: 'Ya, hapus akun saya',
  deleteNo: 'Pertahankan akun saya',
  deleted: 'Akun Anda telah dihapus.',
};

export default texts;
