/** The chatbot page's own labels in English (India); the spec's texts are in the contract's packs. */
const texts = {
  title: 'Customer service chatbot',
  conversation: 'Conversation with the Kilat chatbot',
  categories: 'Question categories',
  inputLabel: 'Your question',
  inputPlaceholder: 'Please describe your problem in detail',
  you: 'You',
  bot: 'Kilat chatbot',
  wasThisHelpful: 'Did this solve your problem?',
  stars: '{n} stars',
  oneStar: '1 star',
};

export type ChatbotTexts = typeof texts;
export default texts;
