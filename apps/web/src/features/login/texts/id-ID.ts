import type { LoginTexts } from './en-IN';

/** Halaman masuk dalam bahasa Indonesia (issue 17). */
const texts: LoginTexts = {
  title: 'Masuk',
  intro: 'Masuk dengan nomor ponsel dan kode yang kami kirim lewat SMS.',
  phoneLabel: 'Nomor ponsel',
  phoneHint: 'Diawali 08, mis. 0812 3456 7890',
  smsCodeLabel: 'Kode SMS',
  countdown: '{seconds} dtk',
  codeSent: 'Kode SMS telah dikirim.',
  logIn: 'Masuk',
  noAccount: 'Baru di Kilat? Daftar di halaman promosi kami.',
  register: 'Daftar',
  noAccountTitle: 'Belum ada akun dengan nomor ini',
  noAccountText: 'Daftar dengan nomor ini: setelah terdaftar, Anda langsung masuk tanpa kode kedua.',
  registerNow: 'Daftar sekarang',
};

export default texts;
