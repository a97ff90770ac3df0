import type { ApplicationTexts } from './en-IN';

/** Formulir pengajuan dan pilihan kota dalam bahasa Indonesia (issue 17). */
const texts: ApplicationTexts = {
  title: 'Pengajuan Anda',
  intro: 'Ceritakan sedikit tentang Anda. Tidak ada yang disimpan sebelum Anda melanjutkan.',
  nameLabel: 'Nama lengkap',
  salaryLabel: 'Penghasilan per tahun (Rp)',
  salaryHint: 'Yang berpenghasilan Rp 5.000.000 per tahun atau lebih dapat meminjam.',
  employmentLabel: 'Pekerjaan',
  employment: { salaried: 'Karyawan', 'self-employed': 'Wiraswasta', other: 'Lainnya' },
  cityLabel: 'Kota',
  citySearch: 'Cari kota Anda',
  cityResults: 'Daftar kota',
  cityChosen: 'Kota terpilih: {city}',
  cityNone: 'Tidak ada kota yang diawali itu. Coba ejaan lain.',
  continue: 'Lanjutkan',
  nameInvalid: 'Silakan masukkan nama lengkap Anda dengan huruf.',
  salaryInvalid: 'Silakan masukkan penghasilan tahunan Anda dalam rupiah.',
  employmentRequired: 'Silakan pilih pekerjaan Anda.',
  cityRequired: 'Silakan pilih kota Anda dari daftar.',
};

export default texts;
