/**
 * Support data: the problem types and sub-types, the chatbot's question tree (4 categories, 3 levels,
 * English and Bahasa Indonesia), and for the demo borrowers complaints in every tab, some replied.
 * The catalogue is added once (when it is empty); demo complaints with the demo borrowers.
 */
import { COLLECTION_PROBLEM_TYPE, Locale, type Market, Market as Markets } from '@kilat/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { complaintReplies, complaintScores, complaints, orders, problemTypes, qaNodes, qaNodeTexts } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { QaAction } from '../../chatbot/qa-actions.js';

type Bilingual = { en: string; id: string };

/** Type 1 is collection (spec §2) and the only one with sub-types. */
const PROBLEM_TYPES: { value: number; title: Bilingual; sub?: { value: number; title: Bilingual }[] }[] = [
  {
    value: COLLECTION_PROBLEM_TYPE,
    title: { en: 'Collection', id: 'Penagihan' },
    sub: [
      { value: 1, title: { en: 'Rude or threatening language', id: 'Bahasa kasar atau mengancam' } },
      { value: 2, title: { en: 'Contacting my family or contacts', id: 'Menghubungi keluarga atau kontak saya' } },
      { value: 3, title: { en: 'Calls at unreasonable hours', id: 'Telepon di luar jam wajar' } },
      { value: 4, title: { en: 'Collection after I repaid', id: 'Ditagih setelah saya melunasi' } },
      { value: 5, title: { en: 'Other collection issue', id: 'Masalah penagihan lainnya' } },
    ],
  },
  { value: 2, title: { en: 'Repayment', id: 'Pembayaran' } },
  { value: 3, title: { en: 'Loan application', id: 'Pengajuan pinjaman' } },
  { value: 4, title: { en: 'Disbursement', id: 'Pencairan dana' } },
  { value: 5, title: { en: 'Account and app', id: 'Akun dan aplikasi' } },
  { value: 6, title: { en: 'Other', id: 'Lainnya' } },
];

interface QaSeed {
  title: Bilingual;
  /** a category's short label; a question's other words */
  alias: Bilingual;
  answer?: Bilingual;
}

const HAND_OVER: QaSeed = {
  title: { en: 'Talk to customer service', id: 'Hubungi layanan pelanggan' },
  alias: { en: 'agent human support', id: 'agen manusia bantuan' },
};

/** Categories (level 1) → questions (level 2) → one answer each (level 3), plus a hand-over in every category. */
const QUESTION_TREE: { category: QaSeed; questions: QaSeed[] }[] = [
  {
    category: { title: { en: 'Loan application', id: 'Pengajuan pinjaman' }, alias: { en: 'Apply', id: 'Pengajuan' } },
    questions: [
      {
        title: { en: 'How do I apply for a loan?', id: 'Bagaimana cara mengajukan pinjaman?' },
        alias: { en: 'apply application borrow new loan', id: 'ajukan pengajuan pinjam pinjaman baru daftar' },
        answer: {
          en: 'Open the app, choose a product, enter the amount and term, check the offer and tap Apply. We decide within 1 day.',
          id: 'Buka aplikasi, pilih produk, masukkan jumlah dan tenor, periksa penawaran lalu ketuk Ajukan. Kami memutuskan dalam 1 hari.',
        },
      },
      {
        title: { en: 'Why was my application rejected?', id: 'Mengapa pengajuan saya ditolak?' },
        alias: { en: 'rejected declined refused approval', id: 'ditolak tolak gagal persetujuan' },
        answer: {
          en: 'Applications are decided on income, repayment history and the amount asked. You can apply again after 7 days.',
          id: 'Pengajuan diputuskan berdasarkan penghasilan, riwayat pembayaran, dan jumlah yang diajukan. Anda dapat mengajukan lagi setelah 7 hari.',
        },
      },
      {
        title: { en: 'How long does the review take?', id: 'Berapa lama proses peninjauan?' },
        alias: { en: 'review waiting time status decision', id: 'tinjau peninjauan lama waktu status keputusan' },
        answer: {
          en: 'Most applications are decided within 1 day; the money arrives within 1 to 3 days of approval.',
          id: 'Sebagian besar pengajuan diputuskan dalam 1 hari; dana masuk dalam 1 sampai 3 hari setelah disetujui.',
        },
      },
    ],
  },
  {
    category: { title: { en: 'Repayment', id: 'Pembayaran' }, alias: { en: 'Repay', id: 'Bayar' } },
    questions: [
      {
        title: { en: 'How do I repay my loan?', id: 'Bagaimana cara membayar pinjaman?' },
        alias: { en: 'repay pay payment bank card virtual account', id: 'bayar pembayaran melunasi kartu bank virtual account' },
        answer: {
          en: 'Open Loan details and tap Repay. Pay by bank card, virtual account, mini market or the checkout page.',
          id: 'Buka Detail pinjaman lalu ketuk Bayar. Bayar dengan kartu bank, virtual account, minimarket, atau halaman checkout.',
        },
      },
      {
        title: { en: 'I paid but my loan still shows unpaid', id: 'Saya sudah bayar tetapi pinjaman masih belum lunas' },
        alias: { en: 'paid payment not updated pending status', id: 'sudah bayar pembayaran belum masuk status tertunda' },
        answer: {
          en: 'Payments are usually confirmed within minutes. If it still shows unpaid after 2 hours, send us a complaint with the receipt.',
          id: 'Pembayaran biasanya terkonfirmasi dalam beberapa menit. Jika setelah 2 jam masih belum lunas, kirim pengaduan dengan bukti bayar.',
        },
      },
      {
        title: { en: 'Can I extend my repayment date?', id: 'Bisakah saya memperpanjang tanggal pembayaran?' },
        alias: { en: 'extend extension delay postpone due date', id: 'perpanjang perpanjangan tunda jatuh tempo' },
        answer: {
          en: 'When your loan offers it, tap delay repayment in Loan details and pay the extension fee; the due date moves at once.',
          id: 'Jika pinjaman Anda menawarkannya, ketuk tunda pembayaran di Detail pinjaman dan bayar biaya perpanjangan; jatuh tempo langsung bergeser.',
        },
      },
    ],
  },
  {
    category: { title: { en: 'Disbursement', id: 'Pencairan dana' }, alias: { en: 'Money', id: 'Dana' } },
    questions: [
      {
        title: { en: 'When will I receive the money?', id: 'Kapan dana saya cair?' },
        alias: { en: 'receive money disbursement transfer credited', id: 'cair pencairan dana transfer masuk uang' },
        answer: {
          en: 'After approval the money is sent to your bank account within 1 to 3 days.',
          id: 'Setelah disetujui, dana dikirim ke rekening bank Anda dalam 1 sampai 3 hari.',
        },
      },
      {
        title: { en: 'I did not receive the money', id: 'Dana belum saya terima' },
        alias: { en: 'not received missing money disbursement', id: 'belum terima dana hilang uang pencairan' },
        answer: {
          en: 'Check the bank account in your profile. If it is right and 3 days have passed, send us a complaint.',
          id: 'Periksa rekening bank di profil Anda. Jika sudah benar dan lewat 3 hari, kirim pengaduan kepada kami.',
        },
      },
      {
        title: { en: 'How do I change my bank account?', id: 'Bagaimana cara mengganti rekening bank?' },
        alias: { en: 'change bank account card update', id: 'ganti ubah rekening bank kartu' },
        answer: {
          en: 'Go to Profile, then Bank account, and add the new account before you apply.',
          id: 'Buka Profil, lalu Rekening bank, dan tambahkan rekening baru sebelum mengajukan.',
        },
      },
    ],
  },
  {
    category: { title: { en: 'Account and security', id: 'Akun dan keamanan' }, alias: { en: 'Account', id: 'Akun' } },
    questions: [
      {
        title: { en: 'How do I change my phone number?', id: 'Bagaimana cara mengganti nomor HP?' },
        alias: { en: 'change phone number mobile login', id: 'ganti ubah nomor hp telepon ponsel masuk' },
        answer: {
          en: 'Send us a complaint of type Account and app with your new number; we verify it and change it within 3 weekdays.',
          id: 'Kirim pengaduan jenis Akun dan aplikasi dengan nomor baru Anda; kami verifikasi dan ubah dalam 3 hari kerja.',
        },
      },
      {
        title: { en: 'How is my personal data protected?', id: 'Bagaimana data pribadi saya dilindungi?' },
        alias: { en: 'privacy personal data security protect', id: 'privasi data pribadi keamanan lindungi' },
        answer: {
          en: 'Your data is encrypted in transit and used only as our privacy policy says. We never sell it.',
          id: 'Data Anda dienkripsi saat dikirim dan hanya digunakan sesuai kebijakan privasi kami. Kami tidak pernah menjualnya.',
        },
      },
      {
        title: { en: 'How do I close my account?', id: 'Bagaimana cara menutup akun saya?' },
        alias: { en: 'close delete cancel account', id: 'tutup hapus batalkan akun' },
        answer: {
          en: 'Once you have no outstanding loan, send us a complaint of type Account and app asking to close your account.',
          id: 'Setelah tidak ada pinjaman berjalan, kirim pengaduan jenis Akun dan aplikasi untuk meminta penutupan akun.',
        },
      },
    ],
  },
];

const insertNode = async (
  tx: Db,
  parentId: number | null,
  actionType: number,
  sortOrder: number,
  seed: QaSeed | { title: Bilingual; alias: Bilingual },
) => {
  const [node] = await tx.insert(qaNodes).values({ parentId, actionType, sortOrder }).returning({ id: qaNodes.id });
  const nodeId = node!.id;
  await tx.insert(qaNodeTexts).values([
    { nodeId, locale: Locale.India, title: seed.title.en, alias: seed.alias.en },
    { nodeId, locale: Locale.Indonesia, title: seed.title.id, alias: seed.alias.id },
  ]);
  return nodeId;
};

/** Problem types and the question tree, unless the database has them already. */
export const seedSupportCatalogue = async (tx: Db): Promise<boolean> => {
  const [existing] = await tx.select({ n: count() }).from(problemTypes);
  if ((existing?.n ?? 0) > 0) return false;
  await tx.insert(problemTypes).values(
    PROBLEM_TYPES.flatMap((type, index) => [
      { parentValue: 0, value: type.value, titleEn: type.title.en, titleId: type.title.id, sortOrder: index },
      ...(type.sub ?? []).map((sub, subIndex) => ({
        parentValue: type.value,
        value: sub.value,
        titleEn: sub.title.en,
        titleId: sub.title.id,
        sortOrder: subIndex,
      })),
    ]),
  );
  for (const [categoryIndex, { category, questions }] of QUESTION_TREE.entries()) {
    const categoryId = await insertNode(tx, null, QaAction.Category, categoryIndex, category);
    for (const [questionIndex, question] of questions.entries()) {
      const questionId = await insertNode(tx, categoryId, QaAction.Question, questionIndex, question);
      if (question.answer) {
        await insertNode(tx, questionId, QaAction.Answer, 0, { title: question.answer, alias: { en: '', id: '' } });
      }
    }
    await insertNode(tx, categoryId, QaAction.HumanSupport, questions.length, HAND_OVER);
  }
  return true;
};

const DAY_MS = 86_400_000;

const demoComplaints = (market: Market) => {
  const india = market === Markets.India;
  const say = (en: string, id: string) => (india ? en : id);
  return [
    {
      problemType: COLLECTION_PROBLEM_TYPE,
      problemSonType: 3,
      daysAgo: 1,
      detail: say('The collector called me at 11 pm twice this week.', 'Penagih menelepon saya jam 11 malam dua kali minggu ini.'),
      needsIsShow: true,
    },
    {
      problemType: 2,
      daysAgo: 2,
      detail: say(
        'I paid by virtual account yesterday but the loan still shows unpaid.',
        'Saya sudah bayar lewat virtual account kemarin tetapi pinjaman masih belum lunas.',
      ),
    },
    {
      problemType: 4,
      daysAgo: 6,
      detail: say(
        'My loan was approved but the money has not reached my bank yet.',
        'Pinjaman saya sudah disetujui tetapi dana belum masuk ke rekening.',
      ),
      reply: say(
        'We have checked your disbursement: the bank confirmed the transfer today. Please check your account again.',
        'Kami sudah memeriksa pencairan Anda: bank mengonfirmasi transfer hari ini. Silakan periksa rekening Anda kembali.',
      ),
    },
    {
      problemType: 5,
      daysAgo: 9,
      detail: say('The app logs me out every time I open it.', 'Aplikasi selalu keluar sendiri setiap kali saya buka.'),
      reply: say(
        'Thank you for telling us. Please update the app to the latest version; this has been fixed.',
        'Terima kasih atas laporannya. Silakan perbarui aplikasi ke versi terbaru; masalah ini sudah diperbaiki.',
      ),
    },
    {
      problemType: 3,
      daysAgo: 20,
      detail: say('Why was my application for a larger amount rejected?', 'Mengapa pengajuan saya untuk jumlah lebih besar ditolak?'),
      reply: say(
        'Larger amounts need a longer repayment history. Repay your current loan on time and try again.',
        'Jumlah lebih besar memerlukan riwayat pembayaran yang lebih panjang. Lunasi pinjaman Anda tepat waktu lalu ajukan lagi.',
      ),
      score: 4,
    },
  ];
};

/** The catalogue, then complaints in every tab for the demo borrower and one for the other borrower. */
export const seedSupport = async (tx: Db, clock: Clock, market: Market, borrowerIds: { demo: number; other: number }) => {
  await seedSupportCatalogue(tx);
  const now = clock.now().getTime();
  const ordersOf = (borrowerId: number) =>
    tx.select({ id: orders.id, isShow: orders.isShow }).from(orders).where(eq(orders.borrowerId, borrowerId)).orderBy(asc(orders.id));
  const [demoOrders, otherOrders] = await Promise.all([ordersOf(borrowerIds.demo), ordersOf(borrowerIds.other)]);
  const shown = demoOrders.find((order) => order.isShow === 1) ?? demoOrders[0];
  const plain = demoOrders.find((order) => order.isShow !== 1) ?? demoOrders[0];
  if (!shown || !plain) return;
  for (const plan of demoComplaints(market)) {
    const createdAt = new Date(now - plan.daysAgo * DAY_MS);
    const [row] = await tx
      .insert(complaints)
      .values({
        borrowerId: borrowerIds.demo,
        orderId: plan.needsIsShow ? shown.id : plain.id,
        problemType: plan.problemType,
        problemSonType: plan.problemSonType ?? 0,
        detail: plan.detail,
        createdAt,
        repliedAt: plan.reply ? new Date(createdAt.getTime() + DAY_MS) : null,
      })
      .returning({ id: complaints.id });
    if (plan.reply) {
      await tx.insert(complaintReplies).values({
        complaintId: row!.id,
        text: plan.reply,
        author: 'seed',
        createdAt: new Date(createdAt.getTime() + DAY_MS),
      });
    }
    if (plan.score) {
      await tx
        .insert(complaintScores)
        .values({ complaintId: row!.id, score: plan.score, createdAt: new Date(createdAt.getTime() + 2 * DAY_MS) });
    }
  }
  const otherOrder = otherOrders[0];
  if (otherOrder) {
    await tx.insert(complaints).values({
      borrowerId: borrowerIds.other,
      orderId: otherOrder.id,
      problemType: 2,
      detail: market === Markets.India ? 'Please send me my repayment receipt.' : 'Mohon kirimkan bukti pembayaran saya.',
      createdAt: new Date(now - DAY_MS),
    });
  }
};
