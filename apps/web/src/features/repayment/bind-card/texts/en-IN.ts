/** Bind card in English (India) (spec §2 #/addnormalcard). */
const texts = {
  title: 'Add a bank card',
  bank: 'Bank',
  bankPlaceholder: 'Choose your bank',
  cardNumber: 'Card number',
  holderName: 'Name on the card',
  save: 'Save card',
  cardSaved: 'Card saved',
  chooseBank: 'Please choose your bank',
  invalidCardNumber: 'Please enter a valid card number',
  enterHolderName: 'Please enter the name on the card',
  privacy: 'We keep only the first 6 and the last 4 digits of your card number.',
  loadFailed: 'We could not load the list of banks.',
};

export type BindCardTexts = typeof texts;
export default texts;
