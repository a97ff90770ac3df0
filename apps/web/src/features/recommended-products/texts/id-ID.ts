/** The recommended products list in Bahasa Indonesia. */
import type { RecommendedProductsTexts } from './en-IN';

const texts = {
  rate: 'Suku bunga',
  tags: 'Keunggulan {name}',
  loadFailed: 'Kami tidak dapat memuat produk.',
} satisfies RecommendedProductsTexts;

export default texts;
