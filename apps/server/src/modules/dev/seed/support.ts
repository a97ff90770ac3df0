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
import questionTree from './support-questions.json' with { type: 'json' };

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

/**
 * Categories (level 1) → questions (level 2) → one answer each (level 3), plus a hand-over in every
 * category. The texts are content, kept as data beside this file.
 */
const QUESTION_TREE: { category: QaSeed; questions: QaSeed[] }[] = questionTree;

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
