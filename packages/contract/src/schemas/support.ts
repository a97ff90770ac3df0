import { z } from 'zod';
import { Limits } from '../constants.js';
import { ComplaintText, Id, IntField, OptionalId, TitleValue } from './fields.js';

export const ProblemTypeSchema = z.object({ value: z.number().int(), title: z.string() });
export type ProblemType = z.infer<typeof ProblemTypeSchema>;

/** Order summary shown on complaint pages (spec §3). */
export const OrderSummarySchema = z.object({
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  status: z.number().int(),
  list: z.array(TitleValue),
  /** 1 allows a collection complaint */
  isShow: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const ProblemInitRequestSchema = z.object({ orderId: OptionalId, orderNo: OptionalId });
export const ProblemInitDataSchema = z.object({
  problemType: z.array(ProblemTypeSchema),
  problemSonType: z.array(ProblemTypeSchema),
  problemStatus: z.array(ProblemTypeSchema),
  orderDetail: OrderSummarySchema.nullable(),
  orderList: z.array(OrderSummarySchema),
});
export type ProblemInitData = z.infer<typeof ProblemInitDataSchema>;

export const QaQuestionSchema = z.object({ id: z.number().int(), title_local: z.string() });
/** Chatbot QA node (spec §3); action_type 4 hands over to human support. */
export const QaNodeSchema = z.object({
  id: z.number().int(),
  title_local: z.string(),
  title_local_alias: z.string(),
  action_type: z.number().int(),
  question: QaQuestionSchema.nullable(),
  answerList: z.array(z.lazy((): z.ZodType => QaNodeSchema)).optional(),
});
export type QaNode = z.infer<typeof QaNodeSchema>;
export const QaListRequestSchema = z.object({ orderNo: OptionalId, pid: IntField(0, 1e9) });
export const QaListDataSchema = z.object({ answerList: z.array(QaNodeSchema), question: QaQuestionSchema.nullable() });

/** QA record types 1 to 4 (spec §3). */
export const QaRecordRequestSchema = z.object({
  orderNo: OptionalId,
  type: IntField(1, 4),
  value: z.string().trim().min(1).max(Limits.complaintTextMax),
  qaId: z.coerce.number().int().min(0).optional(),
});
/**
 * `text` is the server's answer in the borrower's language. A free-text question (type 4) gets either
 * `answerList`, the closest questions of the tree, or `reportText`, which makes the page offer 'Hubungi CS'.
 */
export const QaRecordDataSchema = z.object({
  text: z.string(),
  reportText: z.string().optional(),
  answerList: z.array(QaNodeSchema).optional(),
});

export const ProblemSaveRequestSchema = z.object({
  problemType: IntField(1, 1000),
  problemSonType: z.coerce.number().int().min(0).optional(),
  problemDetail: ComplaintText,
  /** comma-joined image urls, empty if none; at most 9 */
  problemImage: z
    .string()
    .max(4000)
    .default('')
    .refine((joined) => joined.split(',').filter(Boolean).length <= Limits.complaintImagesMax, {
      message: `at most ${Limits.complaintImagesMax} images`,
    }),
  orderNo: Id,
});
export const ProblemSaveDataSchema = z.object({ problemId: z.number().int() });

export const UploadProblemImageDataSchema = z.object({ url: z.string() });

export const ComplaintListItemSchema = z.object({ id: z.number().int(), time: z.string(), type: z.string(), content: z.string() });
export const ProblemListRequestSchema = z.object({ page: IntField(1, 1e6).optional() });
export const ProblemListDataSchema = z.object({
  /** each tab lists one page (`page`, 1-based) of its complaints, newest first; `total` counts them all */
  tabs: z.array(
    z.object({
      title: z.string(),
      status: z.number().int(),
      list: z.array(ComplaintListItemSchema),
      total: z.number().int().optional(),
    }),
  ),
  /** the number of tabs the page shows at once: spec §9's "complaint list tab page count 3" */
  pageCount: z.number().int(),
});

export const ProblemDetailRequestSchema = z.object({ problemId: IntField(1, 2 ** 31 - 1) });
export const ProblemDetailDataSchema = z.object({
  type: z.string(),
  sonType: z.string(),
  problemId: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  disposeDetail: z.string(),
  disposeImages: z.array(z.string()),
  isScore: z.number().int(),
  /** where the complaint stands (the title of its list tab) and when it was answered ('' before) */
  status: z.string(),
  repliedAt: z.string(),
  /**
   * issue 49: the lender's last day under the market's grievance rule (India 30 days, Indonesia 10
   * working days, once extended), the days left to it, whether the regulator's scheme is open to the
   * borrower now, and the reason of an extension ('' when none)
   */
  grievance: z.object({ deadline: z.string(), daysLeft: z.number().int(), mayEscalate: z.boolean(), extensionReason: z.string() }),
});

export const SaveScoreRequestSchema = z.object({ score: IntField(1, Limits.ratingStars), problemId: IntField(1, 2 ** 31 - 1) });

export const ContactInfoRequestSchema = z.object({ overall: z.literal(String(Limits.contactInfoOverall)) });
export const ContactInfoDataSchema = z.object({ email: z.string(), smWa: z.string() });
export type ContactInfo = z.infer<typeof ContactInfoDataSchema>;

/** ours (issue 46, decision 218): the recovery agencies a market's collections use, as the official site lists them. */
export const RecoveryAgenciesDataSchema = z.object({
  list: z.array(z.object({ name: z.string(), contact: z.string() })),
});
export type RecoveryAgencies = z.infer<typeof RecoveryAgenciesDataSchema>;
