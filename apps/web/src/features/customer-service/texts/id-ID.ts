/** The customer-service page in Bahasa Indonesia. */
import type { CustomerServiceTexts } from './en-IN';

const texts = {
  title: 'Layanan pelanggan',
  intro: 'Ada pertanyaan tentang pinjaman atau pembayaran Anda? Tim kami siap membantu.',
  callHint: 'Ketuk untuk menelepon',
  emailHint: 'Ketuk untuk mengirim e-mail',
  loadFailed: 'Kami tidak dapat memuat informasi kontak.',
} satisfies CustomerServiceTexts;

export default texts;
