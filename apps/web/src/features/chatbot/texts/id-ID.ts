/** The chatbot page's own labels in Bahasa Indonesia. */
import type { ChatbotTexts } from './en-IN';

const texts = {
  title: 'Layanan chatbot',
  conversation: 'Percakapan dengan Suci',
  categories: 'Kategori pertanyaan',
  inputLabel: 'Pertanyaan Anda',
  inputPlaceholder: 'Silakan jelaskan detail masalah Anda',
  you: 'Anda',
  bot: 'Suci',
  wasThisHelpful: 'Apakah ini menyelesaikan masalah Anda?',
  stars: '{n} bintang',
  oneStar: '1 bintang',
} satisfies ChatbotTexts;

export default texts;
