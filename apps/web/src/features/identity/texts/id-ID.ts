import type { IdentityTexts } from './en-IN';

/** Verifikasi identitas (issue 29) dalam Bahasa Indonesia. */
const texts: IdentityTexts = {
  title: 'Verifikasi identitas',
  intro: 'Sebelum memberi pinjaman, aturan mewajibkan kami memeriksa identitas Anda. Hanya dua menit.',
  name: 'Nama lengkap',
  nameHint: 'Persis seperti pada dokumen Anda.',
  birthDate: 'Tanggal lahir',
  pan: 'PAN',
  panHint: '10 karakter, seperti pada kartu PAN (contoh ABCPE1234F).',
  aadhaar: 'Nomor Aadhaar',
  aadhaarHint: '12 angka. Hanya dikirim ke penyedia verifikasi kami: kami menyimpan 4 angka terakhir, tidak pernah nomor lengkapnya.',
  nik: 'NIK',
  nikHint: '16 angka, seperti pada KTP Anda.',
  document: 'Foto KTP',
  documentHint: 'Bagian depan, rata, keempat sudutnya terlihat.',
  selfie: 'Swafoto',
  selfieHint: 'Wajah Anda menghadap kamera, di tempat terang. Diperiksa sebagai foto langsung.',
  chosen: 'Dipilih: {name}',
  consent: {
    IN: 'Saya setuju Kilat memeriksa PAN dan Aadhaar (e-KYC offline) serta swafoto saya melalui penyedia verifikasi identitasnya.',
    ID: 'Saya setuju Kilat memeriksa NIK, foto KTP, dan swafoto saya melalui penyedia verifikasi identitas dan data Dukcapil.',
  },
  submit: 'Periksa identitas saya',
  otpTitle: 'Masukkan kode Aadhaar',
  otpIntro: 'UIDAI mengirim kode 6 angka ke nomor HP yang terhubung dengan Aadhaar Anda berakhiran {last4}.',
  otp: 'Kode dari UIDAI',
  otpSubmit: 'Konfirmasi',
  startAgain: 'Mulai lagi',
  verified: 'Identitas Anda sudah terverifikasi.',
  verifiedAs: 'Terverifikasi atas nama {name}, lahir {birthDate}.',
  documents: { pan_aadhaar: 'PAN berakhiran {last4}, Aadhaar berakhiran {aadhaar}', nik_ktp: 'NIK berakhiran {last4}' },
  failed: 'Kami tidak dapat memverifikasi identitas Anda',
  pending: 'Sedang memeriksa identitas Anda',
  checkAgain: 'Periksa lagi',
  continue: 'Lanjut ke pinjaman Anda',
  loadFailed: 'Kami tidak dapat memuat verifikasi identitas Anda.',
};

export default texts;
