/**
 * The console API's request schemas (issue 18): validated by the server and listed in the same
 * OpenAPI document as the borrower's calls. The endpoint table takes their types from here.
 */
import { z } from 'zod';
import { ComplaintStatusFilter, OperatorPasswordMin, PAYOUT_REASON_MAX, PAYOUT_REASON_MIN, PayoutListState } from './constants.js';
import { DashboardFigure, DashboardPart } from './dashboard.js';
import { operatorRoles } from './roles.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const IdParamsSchema = z.object({ id });

/** A checker's approval or rejection of another operator's request, with their own reason, kept (decision 277). */
export const CheckerDecisionSchema = z.object({ reason: z.string().trim().min(3).max(500).optional() }).nullish();
export type CheckerDecision = z.input<typeof CheckerDecisionSchema>;

export const SignInRequestSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
  code: z.string().regex(/^\d{6}$/, 'six digits'),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const OperatorRoleSchema = z.enum(operatorRoles as unknown as [string, ...string[]]);

export const ComplaintQueueQuerySchema = z.object({
  status: z.enum(ComplaintStatusFilter).default('open'),
  type: id.optional(),
  sonType: id.optional(),
  market: z.enum(['IN', 'ID']).optional(),
  /** only complaints at least this many days old */
  minAgeDays: z.coerce.number().int().min(0).max(3650).optional(),
  /** an operator id, 'me' or 'none' */
  assignee: z.union([z.enum(['me', 'none']), z.string().regex(/^[1-9]\d{0,15}$/)]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ComplaintQueueQuery = z.input<typeof ComplaintQueueQuerySchema>;

export const AssignRequestSchema = z.object({ operatorId: id.nullable() });

/** issue 49: Indonesia's one extension of a complaint's deadline; the reason is shown to the borrower */
export const ExtendDeadlineRequestSchema = z.object({ reason: z.string().trim().min(10).max(500) });

const minor = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const bps = z.number().int().min(0).max(100_000);

/** A product as the products screen saves it (issue 31 item 3); the market's rules are checked on the server, each broken one named. */
export const ProductRequestSchema = z.object({
  market: z.enum(['IN', 'ID']),
  /** fixed once the product exists: orders and recommendations name it */
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{1,39}$/, 'letters, digits and hyphens, 2 to 40'),
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500).default(''),
  amountMinMinor: minor,
  amountMaxMinor: minor,
  /** the slider's step (issue 29, decision 147) */
  amountStepMinor: minor,
  termDays: z.number().int().positive().max(3650),
  /** the terms a borrower may choose, each held to the market's rules */
  termOptions: z.array(z.number().int().positive().max(3650)).min(1).max(10),
  periods: z.number().int().min(1).max(36),
  pricing: z.object({
    dailyInterestBps: bps,
    serviceFeeBps: bps,
    penalty: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('india-tiered'),
        flatNewClientMinor: z.number().int().min(0),
        flatRepeatClientMinor: z.number().int().min(0),
        tiers: z
          .array(z.object({ fromDay: z.number().int().positive(), bps }))
          .min(1)
          .max(10),
      }),
      z.object({ kind: z.literal('daily-capped'), dailyBps: bps }),
    ]),
    extension: z.object({ days: z.number().int().positive().max(365), feeBps: bps }).nullable(),
    totalCostCapBps: bps.nullable(),
    coolingOffDays: z.number().int().min(0).max(30).nullable().optional(),
  }),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});
export type ProductRequest = z.input<typeof ProductRequestSchema>;
/** A risk operator's decision on an application waiting for review (issue 29): approve or reject, with the reason audited. */
export const ReviewDecisionSchema = z.object({ outcome: z.enum(['approve', 'reject']), reason: z.string().trim().min(3).max(500) });

export const TemplateRequestSchema = z.object({
  problemType: id,
  name: z.string().trim().min(1).max(80),
  bodyEn: z.string().trim().min(1).max(2000),
  bodyId: z.string().trim().min(1).max(2000),
  retired: z.boolean().default(false),
});
export type TemplateRequest = z.input<typeof TemplateRequestSchema>;

export const TemplateQuerySchema = z.object({ problemType: id.optional() });

/** A search of borrowers (issue 31 item 1): a phone, an order number, a name's first letters or a card's or account's last four. */
export const BorrowerSearchQuerySchema = z.object({
  q: z.string().trim().min(2).max(80),
  market: z.enum(['IN', 'ID']).optional(),
  /** the cursor a page answered as `next` */
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

/** A penalty waiver asked for: an amount in minor units and why. */
export const WaiverRequestSchema = z.object({
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.string().trim().min(3).max(500),
});

/** One session by its id as the borrower page lists it, or none for all of them. */
export const RevokeSessionsRequestSchema = z.object({
  session: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});

/** An admin adds an operator by name, email and role; the operator sets their own password and TOTP (decision 155). */
export const CreateOperatorRequestSchema = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(80),
  role: OperatorRoleSchema,
});
export type CreateOperatorRequest = z.infer<typeof CreateOperatorRequestSchema>;

/** An operator's password: 12 characters or more. */
export const OperatorPasswordSchema = z.string().min(OperatorPasswordMin).max(200);

export const ChangeRoleRequestSchema = z.object({ role: OperatorRoleSchema });

/** The token of an enrolment link (the part after `#`). */
const enrolmentToken = z.string().regex(/^[\w-]{40,64}$/);
export const EnrolmentOpenRequestSchema = z.object({ token: enrolmentToken });
export const EnrolRequestSchema = z.object({
  token: enrolmentToken,
  password: OperatorPasswordSchema,
  code: z.string().regex(/^\d{6}$/, 'six digits'),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const AuditQuerySchema = z.object({
  operatorId: id.optional(),
  action: z.string().trim().min(1).max(80).optional(),
  targetType: z.string().trim().min(1).max(40).optional(),
  targetId: z.string().trim().min(1).max(40).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

const qaText = z.string().trim().min(1).max(500);
const qaAlias = z.string().trim().max(200).default('');

/** A chatbot node (spec §3): title and alias in both languages; the action type fixes where it may sit. */
export const QaNodeCreateSchema = z.object({
  parentId: id.nullable(),
  actionType: z.coerce.number().int().min(1).max(4),
  titleEn: qaText,
  titleId: qaText,
  aliasEn: qaAlias,
  aliasId: qaAlias,
});
export type QaNodeCreate = z.input<typeof QaNodeCreateSchema>;

export const QaNodeUpdateSchema = QaNodeCreateSchema.omit({ parentId: true, actionType: true });

export const QaNodeMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

export const PayoutQuerySchema = z.object({
  state: z.enum(PayoutListState).optional(),
  market: z.enum(['IN', 'ID']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type PayoutQuery = z.input<typeof PayoutQuerySchema>;

const operatorNote = z.string().trim().min(PAYOUT_REASON_MIN).max(PAYOUT_REASON_MAX);
/** Retry and cancel-loan: the operator says why; the audit log keeps it. */
export const PayoutActionSchema = z.object({ reason: operatorNote });
export const MismatchQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const ResolveMismatchSchema = z.object({ note: operatorNote });

/** The dashboard's filters (issue 31 item 4): one market and a range of its business dates, both ends included. */
export const DashboardQuerySchema = z.object({
  market: z.enum(['IN', 'ID']),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** The list behind one figure, narrowed to a part (a bucket, an outcome, a funnel step) and, for the funnel, a channel and tag; a page at a time. */
export const DashboardListQuerySchema = DashboardQuerySchema.extend({
  figure: z.enum(DashboardFigure),
  part: z.enum(DashboardPart).optional(),
  channel: z.string().max(100).optional(),
  utmTag: z.string().max(100).optional(),
  /** the cursor a page answered as `next` */
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type DashboardListQuery = z.input<typeof DashboardListQuerySchema>;
/** The list's query as the server has parsed it. */
export type DashboardListFilter = z.infer<typeof DashboardListQuerySchema>;
