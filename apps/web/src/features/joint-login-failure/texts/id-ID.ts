/** The joint-login failure page in Bahasa Indonesia. */
import type { JointLoginFailureTexts } from './en-IN';

const texts = {
  products: 'Produk yang dapat Anda ajukan',
  loadFailed: 'Kami tidak dapat memuat halaman ini.',
} satisfies JointLoginFailureTexts;

export default texts;
