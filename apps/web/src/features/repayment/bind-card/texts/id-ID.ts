/** Bind card in Bahasa Indonesia. */
import type { BindCardTexts } from './en-IN';

const texts = {
  title: 'Tambah kartu bank',
  bank: 'Bank',
  bankPlaceholder: 'Pilih bank Anda',
  cardNumber: 'Nomor kartu',
  holderName: 'Nama pada kartu',
  save: 'Simpan kartu',
  cardSaved: 'Kartu tersimpan',
  chooseBank: 'Silakan pilih bank Anda',
  invalidCardNumber: 'Silakan masukkan nomor kartu yang valid',
  enterHolderName: 'Silakan masukkan nama pada kartu',
  privacy: 'Kami hanya menyimpan 6 digit pertama dan 4 digit terakhir nomor kartu Anda.',
  loadFailed: 'Kami tidak dapat memuat daftar bank.',
} satisfies BindCardTexts;

export default texts;
