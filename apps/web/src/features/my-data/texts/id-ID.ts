import type { MyDataTexts } from './en-IN';

/** Data yang disimpan Kilat tentang Anda (issue 49 item 5, decision 225; UU 27/2022 tentang Pelindungan Data Pribadi). */
const texts: MyDataTexts = {
  title: 'Data yang disimpan Kilat tentang Anda',
  intro: 'Inilah data yang kami simpan tentang Anda, berapa lama, dan cara mendapatkan salinannya.',
  keptTitle: 'Apa yang kami simpan, dan berapa lama',
  kept: [
    {
      heading: 'Identitas Anda',
      text: 'NIK Anda tersegel (terenkripsi) beserta empat digit terakhirnya; nama dan tanggal lahir yang Anda isi dan yang terbaca dari KTP Anda; foto swafoto dan KTP Anda sebagai gambar pribadi. Kami menyimpannya selama Anda memiliki akun atau pinjaman dan lima tahun setelah pinjaman terakhir Anda ditutup atau akun Anda dihapus, sesuai aturan anti pencucian uang OJK; setelah itu dihapus.',
    },
    {
      heading: 'Akun Anda',
      text: 'Nomor telepon, nama, data pengajuan Anda (tanggal lahir, penghasilan, pekerjaan) dan rekening tujuan pencairan pinjaman Anda (disamarkan hingga empat digit terakhir). Menghapus akun menghapus nama dan nomor telepon Anda; sesi, kode, dan tautan yang kedaluwarsa dihapus dalam satu jam.',
    },
    {
      heading: 'Pinjaman Anda',
      text: 'Setiap pengajuan, pinjaman, pembayaran, dan catatan pembukuan kami, beserta tanggalnya. Semua itu adalah catatan pinjaman: kami menyimpannya bahkan setelah Anda menghapus akun, sebagaimana diwajibkan hukum.',
    },
    {
      heading: 'Pesan',
      text: 'Pesan-pesan di pusat pesan Anda, disimpan bersama pinjaman yang dibahasnya.',
    },
  ],
  copyTitle: 'Dapatkan salinan data Anda',
  copyText:
    'Unduh data Anda di bawah ini sebagai berkas (JSON): profil, pemeriksaan identitas, pengajuan dan pinjaman, pembayaran, serta pesan Anda. Untuk meminta hal lain atau memperbaiki data Anda, tulis ke {email}.',
  download: 'Unduh data saya',
  loadFailed: 'Kami tidak dapat memuat data Anda.',
};

export default texts;
