/** The privacy policy in Bahasa Indonesia. */
import type { PrivacyPolicyTexts } from './en-IN';

const texts = {
  title: 'Kebijakan Privasi',
  myDataLink: 'Data yang disimpan Kilat tentang Anda, dan salinan data Anda',
  updated: 'Terakhir diperbarui: 1 November 2026',
  intro:
    '{appName} dioperasikan oleh {company}, perusahaan pinjaman berizin ("kami"). Kebijakan ini menjelaskan data pribadi apa yang kami kumpulkan saat Anda menggunakan aplikasi dan situs {appName}, alasan kami mengumpulkannya, dan pilihan yang Anda miliki. Dengan menggunakan layanan kami, Anda menyetujui kebijakan ini.',
  sections: [
    {
      heading: '1. Penggunaan Informasi Anda',
      paragraphs: [
        'Kami hanya mengumpulkan informasi yang diperlukan untuk memberikan pinjaman dan memenuhi kewajiban hukum kami sebagai pemberi pinjaman. Kami menggunakannya untuk:',
      ],
      items: [
        'memverifikasi identitas Anda dan mencegah penipuan (nama, tanggal lahir, KTP, nomor ponsel, swafoto);',
        'menilai pengajuan Anda dan menentukan jumlah yang dapat Anda pinjam (pekerjaan, penghasilan, rekening bank);',
        'mengirim pinjaman ke rekening bank Anda dan menerima pembayaran;',
        'mengirim pesan layanan seperti pengingat jatuh tempo dan kode verifikasi;',
        'menjawab pertanyaan dan keluhan Anda, serta meningkatkan aplikasi kami.',
      ],
    },
    {
      heading: '2. Pengungkapan',
      paragraphs: [
        'Kami tidak pernah menjual data pribadi Anda. Kami hanya membagikannya kepada mitra yang membantu kami memberikan layanan — verifikasi identitas, biro kredit, bank dan penyedia pembayaran, penyedia SMS dan layanan cloud — berdasarkan perjanjian yang mewajibkan mereka melindunginya dan hanya menggunakannya untuk tujuan tersebut.',
        'Kami juga mengungkapkan informasi jika diwajibkan oleh hukum, pengadilan atau regulator.',
      ],
    },
    {
      heading: '3. Cookie',
      paragraphs: [
        'Situs dan halaman aplikasi kami menggunakan cookie dan penyimpanan lokal serupa agar Anda tetap masuk, mengingat bahasa Anda, dan mengukur kinerja halaman kami. Anda dapat menghapus cookie di pengaturan browser; beberapa fitur mungkin tidak berfungsi setelahnya.',
      ],
    },
    {
      heading: '4. Keamanan Data',
      paragraphs: [
        'Data Anda dienkripsi saat dikirim, disimpan di server yang aman, dan hanya dapat diakses oleh staf yang memerlukannya untuk pekerjaan mereka. Foto yang Anda unggah dikodekan ulang dan dihapus data lokasinya. Kami menyimpan data Anda hanya selama diwajibkan oleh hukum dan pinjaman Anda.',
      ],
    },
    {
      heading: '5. Pernyataan anti-diskriminasi',
      paragraphs: [
        'Kami tidak membeda-bedakan siapa pun berdasarkan agama, suku, jenis kelamin, ras, disabilitas atau karakteristik lain yang dilindungi, dan kami tidak akan memperlakukan Anda secara berbeda karena menggunakan hak privasi Anda.',
      ],
    },
    {
      heading: '6. Hak Anda',
      paragraphs: ['Sesuai hukum yang berlaku, Anda berhak untuk:'],
      items: [
        'mengakses data pribadi Anda yang kami simpan;',
        'meminta kami memperbaiki data yang tidak akurat atau tidak lengkap;',
        'meminta kami menghapus data Anda jika sudah tidak diperlukan;',
        'menutup akun Anda kapan saja jika tidak ada pinjaman yang belum lunas;',
        'menolak penggunaan data Anda, termasuk untuk pemasaran;',
        'meminta kami membatasi cara kami menggunakan data Anda;',
        'menarik persetujuan yang telah Anda berikan, tanpa memengaruhi pemrosesan sebelumnya;',
        'mengajukan pengaduan kepada otoritas pelindungan data atau otoritas jasa keuangan jika Anda tidak puas dengan jawaban kami.',
      ],
    },
    {
      heading: '7. Perlindungan Anak di Bawah Umur',
      paragraphs: [
        'Layanan kami hanya untuk orang dewasa yang telah mencapai usia dewasa menurut hukum di negaranya. Kami tidak dengan sengaja mengumpulkan data anak di bawah umur; jika kami mengetahuinya, kami akan menghapusnya.',
      ],
    },
    {
      heading: '8. Perubahan',
      paragraphs: [
        'Kami dapat memperbarui kebijakan ini dari waktu ke waktu. Tanggal perubahan terakhir ditampilkan di bagian atas halaman ini, dan kami akan memberi tahu Anda di aplikasi tentang perubahan penting sebelum berlaku.',
      ],
    },
    {
      heading: '9. Kontak',
      paragraphs: ['Untuk pertanyaan tentang kebijakan ini atau data pribadi Anda, hubungi {company}:'],
      items: ['Alamat: {address}', 'Telepon: {phone}', 'E-mail: {email}'],
    },
  ],
} satisfies PrivacyPolicyTexts;

export default texts;
