import type { ApplicationTexts } from './en-IN';

/** Formulir pengajuan dan pilihan kota dalam bahasa Indonesia (issue 17). */
const texts: ApplicationTexts = {
  title: 'Pengajuan Anda',
  intro: 'Ceritakan sedikit tentang Anda. Tidak ada yang disimpan sebelum Anda melanjutkan.',
  lastTimeNote: 'Diisi dengan data yang Anda berikan pada {date}. Ubah yang sudah tidak sesuai.',
  identityKeptNote: 'Identitas Anda sudah terverifikasi: nama dan tanggal lahir Anda sesuai dokumen Anda.',
  nameLabel: 'Nama lengkap',
  salaryLabel: { IN: 'Gaji per bulan (₹)', ID: 'Penghasilan per tahun (Rp)' },
  salaryHint: {
    IN: 'Karyawan bergaji {floor} per bulan atau lebih dapat meminjam.',
    ID: 'Yang berpenghasilan {floor} per tahun atau lebih dapat meminjam.',
  },
  employmentLabel: 'Pekerjaan',
  employment: { salaried: 'Karyawan', 'self-employed': 'Wiraswasta', other: 'Lainnya' },
  cityLabel: 'Kota',
  citySearch: 'Cari kota Anda',
  cityResults: 'Daftar kota',
  cityChosen: 'Kota terpilih: {city}',
  cityNone: 'Tidak ada kota yang diawali itu. Coba ejaan lain, atau pilih “Kota saya tidak ada di daftar”.',
  cityOther: 'Kota saya tidak ada di daftar',
  continue: 'Lanjutkan',
  birthDateLabel: 'Tanggal lahir',
  birthDateInvalid: 'Silakan masukkan tanggal lahir Anda.',
  marriedLabel: 'Apakah Anda sudah menikah?',
  yes: 'Ya',
  no: 'Tidak',
  offerTitle: 'Pinjaman Anda',
  offerIntro: 'Geser penggeser dan pilih jangka waktu: biaya di bawah dihitung oleh Kilat untuk pinjaman itu.',
  instalments: 'Cicilan',
  apr: 'Suku bunga tahunan (APR)',
  nameInvalid: 'Silakan masukkan nama lengkap Anda dengan huruf.',
  salaryInvalid: { IN: 'Silakan masukkan gaji bulanan Anda dalam rupee.', ID: 'Silakan masukkan penghasilan tahunan Anda dalam rupiah.' },
  employmentRequired: 'Silakan pilih pekerjaan Anda.',
  cityRequired: 'Silakan pilih kota Anda dari daftar.',
};

export default texts;
