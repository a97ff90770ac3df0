/** The promotion registration, download and agreement template pages in Bahasa Indonesia. */
import type { PromotionTexts } from './en-IN';

const texts = {
  registrationTitle: 'Daftar',
  phoneLabel: 'Nomor ponsel',
  captchaLabel: 'Captcha gambar',
  captchaImage: 'Captcha gambar',
  newCaptcha: 'Minta captcha gambar baru',
  captchaLoading: 'Memuat captcha gambar',
  smsCodeLabel: 'Kode SMS',
  countdown: '{seconds} dtk',
  codeSent: 'Kode SMS telah dikirim.',
  agreementIntro: 'Dengan mengajukan, Anda menyetujui',
  downloadTitle: 'Unduh aplikasi',
  downloadIntro: 'Unduh {appName} dan masuk dengan nomor ponsel Anda untuk mendapatkan pinjaman.',
  // issue 30: a phone browser can carry on here
  orOnTheWeb: 'Atau lanjutkan di browser ini:',
  logInOnTheWeb: 'Masuk lewat web',
  downloadApp: 'Unduh {appName}',
  googlePlay: 'Dapatkan di Google Play',
  appStore: 'Unduh di App Store',
  apk: 'Unduh APK',
  agreementTitle: 'Perjanjian',
  agreementNotFound: 'Perjanjian ini tidak ditemukan.',
} satisfies PromotionTexts;

export default texts;
