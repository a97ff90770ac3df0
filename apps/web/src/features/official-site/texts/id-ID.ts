/** The official site's own texts in Bahasa Indonesia. */
import type { OfficialSiteTexts } from './en-IN';

const texts = {
  pageTitle: 'Kilat — pinjaman pribadi instan',
  navLabel: 'Bagian situs',
  home: {
    heading: 'Pinjaman instan, langsung ke rekening bank Anda',
    carouselLabel: 'Sorotan',
    slideLabel: '{index} dari {count}',
    pause: 'Jeda tayangan slide',
    play: 'Putar tayangan slide',
    banners: {
      IN: [
        'Pinjam {amountMin} sampai {amountMax}, cair dalam 2 jam',
        'Karyawan bergaji {salaryFloor} atau lebih per bulan? Anda memenuhi syarat',
      ],
      ID: [
        'Pinjam {amountMin} sampai {amountMax} dengan proses cepat',
        'Penghasilan tahunan {salaryFloor} atau lebih? Anda memenuhi syarat',
      ],
    },
    stepsHeading: 'Cara kerjanya',
    steps: [
      { title: 'Unduh aplikasi', text: 'Pasang Kilat dan daftar dengan nomor ponsel Anda.' },
      { title: 'Lengkapi profil', text: 'Ceritakan pekerjaan dan penghasilan Anda; hanya beberapa menit.' },
      { title: 'Terima dana', text: 'Setelah disetujui, pinjaman dikirim ke rekening bank Anda.' },
    ],
    stepsImageAlt: 'Ponsel yang menampilkan tiga langkah: unduh, lengkapi, terima dana',
  },
  about: {
    text: 'Kilat adalah aplikasi pinjaman yang dioperasikan oleh {company}, berizin dan diawasi oleh OJK ({registration}), {address}. Kami membantu Anda memenuhi kebutuhan jangka pendek dengan pinjaman pribadi kecil, biaya yang jelas dan tanpa dokumen rumit.',
    imageAlt: 'Tim Kilat membantu pelanggan melalui ponsel',
    agenciesHeading: 'Agen penagihan yang bekerja sama dengan kami',
    agenciesIntro:
      'Jika pinjaman terlambat, agen berikut dapat menghubungi Anda atas nama kami. Anda diberi tahu nama dan kontak agen sebelum agen menghubungi Anda.',
    agenciesNone: 'Kilat menangani sendiri setiap pinjaman yang terlambat: tidak ada agen penagihan pihak ketiga.',
  },
  user: {
    imageAlt: 'Penilaian bintang lima dari pelanggan Kilat',
    reviews: [
      { name: 'Sari, Bandung', text: 'Dana masuk ke rekening saya di hari yang sama. Aplikasinya sangat mudah.' },
      { name: 'Budi, Surabaya', text: 'Biayanya jelas dan layanan pelanggannya ramah. Saya melunasi lebih awal tanpa masalah.' },
      { name: 'Dewi, Medan', text: 'Sangat membantu untuk biaya berobat di akhir bulan.' },
    ],
    ratingLabel: '5 dari 5 bintang',
  },
  contactIntro: 'Tinggalkan pesan dan tim kami akan menghubungi Anda.',
  policy: {
    frameTitle: 'Kebijakan privasi Kilat',
  },
} satisfies OfficialSiteTexts;

export default texts;
