/** The spec's texts and the server's messages in Bahasa Indonesia; the spec's Indonesian texts are exact. */
import type { Messages } from './en-IN.js';

export const idID = {
  loanAmount: 'Jumlah pinjaman',
  loanTerm: 'Jangka waktu pinjaman',
  interestRate: 'Suku bunga',
  repaymentDate: 'Tanggal pembayaran',
  days: 'hari',
  apply: 'Ajukan',
  repay: 'Bayar',
  borrowAgain: 'Pinjam lagi',
  extensionOfRepayment: 'Perpanjangan pembayaran',
  ratingPrompt: 'Bagaimana pengalaman Anda? Beri kami nilai!',
  contactUs: 'Hubungi kami',
  aboutUs: 'Tentang kami',

  contactFormIncomplete: 'Harap lengkapi semua informasi!',
  contactFormSent: 'Berhasil dikirim!',

  myComplaints: 'Keluhan saya',
  all: 'Semua',
  selectQuestionType: 'Pilih jenis pertanyaan',
  collectionNotSupported: 'Pesanan yang dipilih tidak mendukung pengaduan jenis penagihan',
  successfullySent: 'Berhasil Terkirim',
  commentsReceived: 'Kami telah menerima masukan Anda dan akan segera menanganinya.',
  replyWithinWeekdays: 'Kami akan membalas dalam 3 hari kerja.',
  send: 'Kirim',
  cancel: 'Batal',
  agree: 'Setuju',
  rateThisService: 'Silakan beri nilai layanan ini',
  processResult: 'Hasil Penanganan',
  chooseProblemCategory: 'Pilih jenis permasalahan',

  chatbotGreeting: 'Salam! Saya adalah layanan chatbot Suci...',
  resolved: 'Terselesaikan',
  notResolved: 'Belum Terselesaikan',
  rateYourApplication: 'Puas dengan pengajuan Anda? Yuk beri ulasan!',
  sendMessage: 'Terkirim',
  contactCustomerService: 'Hubungi CS',
  pleaseChoose: 'Silakan pilih',

  specialOffers: 'Pengajuan Khusus',
  applicationsFull: 'Kuota pengajuan hari ini sudah penuh, silakan coba lagi besok',
  backToHome: 'Kembali ke beranda',
  settlement: 'Pelunasan',
  repaymentWillBeConfirmed: 'Pembayaran Anda akan dikonfirmasi secepatnya.',
  completeTheInformation: 'Silakan lengkapi informasinya',

  fillInComments: 'Silakan isi komentar dan saran Anda',
  selectBankCardFirst: 'silakan pilih kartu bank pembayaran terlebih dahulu',
  enterCorrectVerificationCode: 'silakan masukkan kode verifikasi yang benar',
  enterPhoneCorrectly: 'silakan masukkan nomor telepon dengan benar',
  enterCaptchaCorrectly: 'silakan masukkan captcha gambar dengan benar',
  enterSmsCodeCorrectly: 'silakan masukkan kode SMS dengan benar',
  doNotResendCode: 'jangan kirim ulang kode',

  processingFailed: 'pemrosesan gagal',
  verificationCodeWrong: 'kode verifikasi salah',
  doNotSubmitTwice: 'jangan mengajukan permintaan pembayaran dua kali',
  networkError: 'kesalahan',
  queryCardListFailed: 'gagal memuat daftar kartu',
  alreadyRegistered: 'sudah terdaftar, silakan unduh aplikasi dan masuk',
  registrationSuccessful: 'pendaftaran berhasil',
  uploadSucceeded: 'Unggah berhasil!',
  successfulDemonstration: 'Demonstrasi berhasil!',
  loading: 'memuat...',
  uploading: 'mengunggah...',
  saving: 'menyimpan...',

  delayRepayment: 'tunda pembayaran',
  loanMore: 'pinjam lagi',
  moreProducts: 'produk lainnya',
  getCode: 'dapatkan kode',

  invalidRequest: 'Ada informasi yang kurang atau tidak valid: {fields}',
  unauthenticated: 'Sesi Anda telah berakhir. Silakan buka aplikasi lagi.',
  forbidden: 'Pesanan ini bukan milik akun Anda.',
  notFound: 'Kami tidak menemukan yang Anda minta.',
  rateLimited: 'Terlalu banyak permintaan. Silakan coba lagi sebentar lagi.',
  notImplemented: 'Layanan ini belum tersedia.',
  internal: 'Terjadi kesalahan di sisi kami. Silakan coba lagi.',
  wrongCaptcha: 'Captcha gambar salah. Silakan coba lagi.',

  // complaints, chatbot and customer support (issue 3)

  // promotion, recommended products and joint login (issue 6)

  // loans and repayment (issues 4 and 5)
} as const satisfies Messages;
