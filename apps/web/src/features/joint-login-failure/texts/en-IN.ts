/** The joint-login failure page in English (India) (spec §2). */
const texts = {
  products: 'Products you can apply for',
  loadFailed: 'We could not load this page.',
};

export type JointLoginFailureTexts = typeof texts;
export default texts;
