/** The third-party payment page in Bahasa Indonesia. */
import type { ThirdPartyTexts } from './en-IN';

const texts = {
  title: 'Checkout online',
  amount: 'Jumlah yang dibayar',
  explanation:
    'Anda akan melanjutkan ke halaman checkout aman milik mitra pembayaran kami; setelah membayar di sana, Anda kembali ke detail pinjaman.',
  continue: 'Lanjutkan ke pembayaran',
  noAmount: 'Pembayaran ini tidak memiliki jumlah. Silakan kembali dan mulai lagi.',
} satisfies ThirdPartyTexts;

export default texts;
