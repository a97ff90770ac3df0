/** The about-us page in Bahasa Indonesia. */
import type { AboutUsTexts } from './en-IN';

const texts = {
  logoAlt: 'Logo {appName}',
  welcomeHeading: 'Selamat datang di {appName}',
  welcome:
    '{appName} adalah aplikasi pinjaman pribadi instan yang dioperasikan oleh {company}, perusahaan pinjaman berizin. Kami membantu Anda memenuhi kebutuhan jangka pendek — biaya berobat, biaya sekolah, perbaikan — dengan pinjaman kecil yang mudah diajukan dan mudah dilunasi.',
  reasonsHeading: 'Mengapa memilih kami',
  reasons: [
    {
      title: 'Cepat',
      text: 'Ajukan dalam hitungan menit dari ponsel, dengan keputusan dalam satu hari dan dana dikirim segera setelah disetujui.',
    },
    {
      title: 'Pembayaran fleksibel',
      text: 'Bayar sekaligus atau dicicil, lebih awal jika Anda mau, melalui transfer bank atau minimarket.',
    },
    { title: 'Aman', text: 'Data Anda dienkripsi dan tidak pernah dijual. Semua biaya ditampilkan sebelum Anda menyetujui pinjaman.' },
    { title: 'Layanan pelanggan', text: 'Tim kami siap membantu melalui telepon dan e-mail, dan setiap keluhan mendapat balasan.' },
  ],
  productsHeading: 'Produk kami',
  products: [
    { title: 'Pinjaman pribadi', text: 'Untuk kebutuhan sehari-hari dan keadaan darurat, dibayar dalam beberapa bulan.' },
    { title: 'Pinjaman mikro', text: 'Jumlah kecil untuk jangka pendek, sampai gajian berikutnya.' },
    { title: 'Pinjaman usaha', text: 'Modal kerja untuk pemilik toko kecil dan pekerja mandiri.' },
  ],
  startHeading: 'Cara memulai',
  steps: [
    'Unduh aplikasi {appName} dan daftar dengan nomor ponsel Anda.',
    'Lengkapi profil dengan data identitas, pekerjaan dan rekening bank.',
    'Pilih jumlah dan jangka waktu, baca syarat pinjaman lalu konfirmasi.',
    'Terima dana di rekening bank Anda dan bayar tepat waktu agar dapat meminjam lagi.',
  ],
  teamAlt: 'Tim {appName} membantu pelanggan',
  // issue 49: siapa pemberi pinjaman
  lenderHeading: 'Pemberi pinjaman',
  lenderText: 'Pinjaman di {appName} diberikan oleh {company}, penyelenggara yang berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK).',
} satisfies AboutUsTexts;

export default texts;
