/** The loan terms and conditions of the Indonesian product, with the regulator's cost caps. */
import type { LoanTermsTexts } from './en-IN';

const texts = {
  title: 'Syarat dan Ketentuan Pinjaman',
  intro:
    'Bacalah syarat ini dengan saksama sebelum mengajukan pinjaman. Dengan mengonfirmasi pinjaman di aplikasi {appName}, Anda menyetujuinya. Jumlah, bunga, biaya dan tanggal jatuh tempo pinjaman Anda ditampilkan di halaman konfirmasi sebelum Anda menyetujuinya.',
  sections: [
    {
      heading: '1. Informasi pemberi pinjaman',
      paragraphs: [
        'Pinjaman di aplikasi {appName} diberikan oleh {company}, perusahaan pinjaman berizin yang beralamat di {address}.',
        'Izin: {registration}.',
        'Layanan pelanggan: {phone}, {email}.',
        'Layanan pengaduan konsumen: {grievanceName}, {grievancePhone}, {grievanceEmail}. Pengaduan dijawab paling lambat 10 hari kerja (dapat diperpanjang satu kali 10 hari kerja dengan pemberitahuan alasannya); jika Anda tidak puas, Anda dapat mengadu ke OJK (kontak157.ojk.go.id, telepon 157) atau ke LAPS SJK (lapssjk.id).',
      ],
    },
    {
      heading: '2. Definisi',
      paragraphs: ['Dalam syarat ini:'],
      items: [
        '"Peminjam", "Anda": orang yang mengajukan dan menerima pinjaman.',
        '"Pemberi pinjaman", "kami": {company}.',
        '"Pokok pinjaman": jumlah yang dikirim ke rekening bank Anda.',
        '"Jangka waktu pinjaman": jumlah hari dari tanggal pencairan sampai tanggal jatuh tempo.',
        '"Tanggal jatuh tempo": hari terakhir pinjaman harus dilunasi.',
        '"Pokok terlambat": bagian pokok pinjaman yang belum dibayar pada tanggal jatuh tempo.',
      ],
    },
    {
      heading: '3. Jumlah dan jangka waktu pinjaman',
      paragraphs: [
        'Pinjaman tersedia mulai {amountMin} sampai {amountMax}.',
        'Jangka waktu pinjaman adalah {termMin} sampai {termMax} hari. Pinjaman dapat dibayar sekaligus atau dicicil, sesuai yang ditampilkan di halaman konfirmasi.',
      ],
    },
    {
      heading: '4. Keputusan dan pencairan pinjaman',
      paragraphs: [
        'Kami memberi keputusan atas pengajuan Anda dalam {decisionDays} hari.',
        'Setelah disetujui, pinjaman dikirim ke rekening bank Anda dalam {creditMin} sampai {creditMax} hari.',
      ],
    },
    {
      heading: '5. Bunga, biaya dan denda',
      paragraphs: [
        'Bunga dibatasi paling tinggi {dailyCap} per hari dari pokok pinjaman.',
        'Denda keterlambatan dibatasi paling tinggi {dailyCap} per hari dari pokok terlambat. Denda tidak pernah dihitung berbunga dan tidak dikenakan atas denda atau biaya.',
        'Total biaya pinjaman (bunga, biaya dan denda) tidak akan pernah melebihi {totalCap} dari pokok pinjaman.',
      ],
    },
    {
      heading: '6. Keterlambatan pembayaran',
      paragraphs: [
        'Jika pinjaman belum dilunasi pada tanggal jatuh tempo, denda keterlambatan dihitung setiap hari sesuai batas di atas sampai pinjaman lunas.',
      ],
    },
    {
      heading: '7. Pelunasan dipercepat',
      paragraphs: [
        'Anda dapat melunasi seluruh pinjaman lebih awal setelah separuh jangka waktu pinjaman berlalu, dan tidak sebelum hari ke-{prepaymentMinDay}. Bunga hanya dihitung untuk hari Anda menggunakan dana.',
      ],
    },
    {
      heading: '8. Urutan penggunaan pembayaran',
      paragraphs: ['Setiap pembayaran digunakan untuk denda terlebih dahulu, lalu biaya, bunga, dan pokok, mulai dari cicilan terlama.'],
    },
    {
      heading: '9. Data Anda',
      paragraphs: [
        'Kami menggunakan data Anda hanya untuk menilai, memberikan dan menagih pinjaman Anda, sebagaimana dijelaskan dalam Kebijakan Privasi kami. Penagihan dilakukan dengan sopan dan hanya dengan cara yang sah.',
      ],
    },
  ],
} satisfies LoanTermsTexts;

export default texts;
