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
  // tingkat keberhasilan bayar, dipublikasikan sebagaimana diminta OJK dari platform P2P (issue 47, keputusan 262)
  tkb90Label: 'Tingkat Keberhasilan Bayar 90 hari (TKB90)',
  tkb90Value: '{rate} per {date}',
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

  sessionExpiredTitle: 'Sesi Anda telah berakhir',
  sessionExpiredText: 'Demi keamanan Anda, Anda telah keluar. Buka Kilat lagi untuk masuk, lalu kembali ke halaman ini.',
  sessionMissingTitle: 'Anda belum masuk',
  sessionMissingText: 'Halaman ini menampilkan pinjaman Anda sendiri, jadi Anda perlu masuk. Buka Kilat untuk masuk.',
  sessionWayBack: 'Buka Kilat',
  sessionTryAgain: 'Saya sudah masuk, coba lagi',

  indonesiaOnlyTitle: 'Tidak tersedia di India',
  indonesiaOnlyText:
    'Virtual account dan kode minimarket adalah cara bayar di Indonesia. Di India, pinjaman dibayar dengan kartu bank atau di halaman pembayaran aman.',
  repayByCard: 'Bayar dengan kartu',
  // how a payment was made and what it paid for (payment result, repayment history)
  payMethodCard: 'Kartu bank',
  payMethodVirtualAccount: 'Virtual account',
  payMethodMiniMarket: 'Minimarket',
  payMethodCheckout: 'Halaman pembayaran aman',
  payMethodUpi: 'UPI',
  payMethodEwallet: 'E-wallet',
  payMethodQris: 'QRIS',
  payMethodAutopay: 'AutoPay',
  payPurposeRepay: 'Pelunasan pinjaman',
  payPurposeDelay: 'Biaya perpanjangan pinjaman',

  // siapa pemberi pinjaman, ke mana mengadu, dan petugas yang dapat dihubungi (issue 49, keputusan 220–222)
  lenderRegistration: 'Izin',
  grievanceOfficerTitle: 'Layanan pengaduan konsumen',
  grievanceOfficerLead: 'Jika masalah Anda belum selesai, tulis surel atau telepon unit pengaduan konsumen kami:',
  grievanceOfficerName: 'Nama',
  whatsAppTitle: 'Bicara dengan petugas lewat WhatsApp',
  whatsAppLink: 'Chat lewat WhatsApp',
  whatsAppHours: 'Dijawab pukul {from} sampai {to} WIB, Senin sampai Sabtu, kecuali hari libur nasional.',
  whatsAppMessage: 'Halo Kilat, saya perlu bantuan untuk pinjaman saya {orderNo}.',
  whatsAppMessageNoOrder: 'Halo Kilat, saya perlu bantuan untuk pinjaman saya.',
  loanClosureLetterLink: 'Surat keterangan penutupan',
  loanStatementLink: 'Rekening koran pinjaman',
  // jalan keluar dari kesalahan yang tidak dapat dilewati peminjam (issue 49)
  stuckTitle: 'Masih belum bisa?',
  stuckText: 'Petugas kami dapat membantu Anda lewat WhatsApp.',

  // the way home and the way to help in a phone browser (issue 30, decision 139)
  homeLink: 'Beranda',
  helpTitle: 'Bantuan dan informasi',
  helpComplaints: 'Pengaduan',
  helpChatbot: 'Chat dengan asisten kami',
  helpCustomerService: 'Layanan pelanggan',
  helpAboutUs: 'Tentang kami',
  helpPrivacyPolicy: 'Kebijakan privasi',
  helpLoanTerms: 'Syarat dan ketentuan pinjaman',
  notYourLoan: 'Pinjaman ini bukan milik akun Anda, jadi tidak dapat kami tampilkan. Pinjaman Anda sendiri ada di Pinjaman saya.',
  myLoansLink: 'Pinjaman saya',
} as const satisfies Record<ShellMessageKey, string>;

export default { ...idID, ...shellIdID } satisfies WebMessages;
