import type { MessagesTexts } from './en-IN';

/** Pusat pesan dalam Bahasa Indonesia (issue 17); isi pesan berasal dari server. */
const texts: MessagesTexts = {
  title: 'Pesan',
  markAllRead: 'Tandai semua sudah dibaca',
  unread: 'Belum dibaca',
  noMessages: 'Belum ada pesan. Kami akan memberi tahu Anda di sini saat pinjaman atau pengaduan Anda berubah.',
  loadFailed: 'Pesan Anda tidak dapat dimuat.',
};

export default texts;
