import { idID } from '@kilat/contract/texts/id-ID';
import type { ShellMessageKey, WebMessages } from './en-IN';

const shellIdID = {
  navHome: 'Beranda',
  navAboutUs: 'Tentang kami',
  navUserReviews: 'Ulasan pengguna',
  navPrivacyPolicy: 'Kebijakan Privasi',
  navLoanTerms: 'Syarat dan Ketentuan Pinjaman',
  navContactUs: 'Hubungi kami',
  navMenu: 'Menu',

  footerCompany: 'Perusahaan',
  footerAddress: 'Alamat',
  footerPhone: 'Telepon',
  footerEmail: 'E-mail',
  footerCopyright: '© {year} {company}. Hak cipta dilindungi undang-undang.',
  contactCompany: 'Perusahaan',
  contactSubject: 'Subjek',
  contactMessage: 'Pesan',
  contactSendMessage: 'Kirim Pesan',

  telephone: 'Telepon',
  email: 'E-mail',

  back: 'Kembali',
  close: 'Tutup',
  confirm: 'Konfirmasi',
  retry: 'Coba lagi',
  empty: 'Belum ada data',
  loadFailed: 'Halaman tidak dapat dimuat. Periksa koneksi Anda dan coba lagi.',
  notFoundTitle: 'Halaman tidak ditemukan',
  notFoundText: 'Halaman yang Anda cari tidak ada atau telah dipindahkan.',
  skipToContent: 'Langsung ke konten',
} as const satisfies Record<ShellMessageKey, string>;

export default { ...idID, ...shellIdID } satisfies WebMessages;
