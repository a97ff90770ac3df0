/** The complaint pages' own labels in Bahasa Indonesia. */
import type { ComplaintTexts } from './en-IN';

const texts = {
  entryTitle: 'Pengaduan',
  selectedOrder: 'Pesanan terpilih',
  chooseOrder: 'Pilih pesanan',
  noOrders: 'Anda belum memiliki pesanan.',
  chooseSubType: 'Pilih masalah penagihan',
  formTitle: 'Kirim pengaduan',
  chosenType: 'Jenis pertanyaan',
  aboutOrder: 'Tentang pinjaman Anda',
  noOrderToComplain:
    'Pengaduan selalu tentang salah satu pinjaman Anda, dan kami tidak menemukannya di akun Anda. Silakan hubungi layanan pelanggan.',
  descriptionLabel: 'Jelaskan masalah Anda',
  descriptionPlaceholder: 'Silakan jelaskan masalah Anda secara rinci',
  imagesLabel: 'Foto bukti (maksimal 9)',
  addImage: 'Tambah foto',
  removeImage: 'Hapus foto {n}',
  imageAlt: 'Foto bukti {n}',
  uploadProgress: 'Unggahan foto {n}',
  listTabs: 'Status pengaduan',
  noComplaints: 'Belum ada pengaduan.',
  loadMore: 'Muat lagi',
  detailTitle: 'Detail pengaduan',
  typeLabel: 'Jenis masalah',
  subTypeLabel: 'Sub-jenis',
  contentLabel: 'Isi pengaduan',
  replyImages: 'Foto balasan',
  statusLabel: 'Status',
  repliedAtLabel: 'Dibalas pada',
  enlargeImage: 'Perbesar {name}',
  closeImage: 'Tutup',
  stars: '{n} bintang',
  oneStar: '1 bintang',
  newTitle: 'Pengaduan baru',
  categoryIcon: 'Kategori {n}',
  // issue 49: batas waktu regulator atas pengaduan
  deadlineTitle: 'Jika kami tidak menyelesaikannya',
} satisfies ComplaintTexts;

export default texts;
