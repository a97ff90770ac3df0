/** The developer test page in Bahasa Indonesia. */
import type { TestPreviewTexts } from './en-IN';

const texts = {
  title: 'Pratinjau uji',
  intro: 'Ketik data perangkat dan pesanan yang biasa dikirim aplikasi native, lalu buka halaman mana pun dengan data itu.',
  demoOrder: 'Pesanan demo (menurut status)',
  demoOrderNone: 'Pilih pesanan',
  demoOrderOption: 'Status {status} · {orderNo}',
  fieldsHeading: 'Perangkat dan pesanan',
  fields: {
    appVersion: 'Versi aplikasi',
    deviceName: 'Nama perangkat',
    deviceId: 'ID perangkat',
    osVersion: 'Versi OS',
    sessionId: 'sessionId',
    gaid: 'ID iklan',
    productId: 'ID produk',
    orderId: 'ID pesanan',
  },
  market: 'Pasar',
  markets: { IN: 'India', ID: 'Indonesia' },
  demoFilled: 'Diisi dengan peminjam demo dari server ini.',
  linksHeading: 'Halaman',
  links: {
    confirm: 'Konfirmasi pinjaman',
    orderDetail: 'Detail pesanan',
    repay: 'Pembayaran',
    extension: 'Perpanjangan',
    bindCard: 'Tautkan kartu bank',
    aboutUs: 'Tentang kami',
    complaint: 'Pengaduan',
    customerService: 'Layanan pelanggan',
    privacyPolicy: 'Kebijakan privasi',
    repayInstructions: 'Petunjuk pembayaran',
  },
  deviceHeading: 'Fitur perangkat',
  photo: 'Foto',
  photoPreview: 'Pratinjau foto yang dipilih',
  contact: 'Kontak',
  pickContact: 'Pilih dari kontak',
  location: 'Ambil lokasi',
  locating: 'Mencari lokasi…',
  coordinates: 'Lintang {latitude}, bujur {longitude}',
  locationUnsupported: 'Browser ini tidak dapat mengetahui lokasinya.',
  locationError: 'Lokasi tidak tersedia: {message}',
} satisfies TestPreviewTexts;

export default texts;
