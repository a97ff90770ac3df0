/** The recommended products list in English (India) (spec §2). */
const texts = {
  rate: 'Interest rate',
  tags: 'Highlights of {name}',
  loadFailed: 'We could not load the products.',
};

export type RecommendedProductsTexts = typeof texts;
export default texts;
