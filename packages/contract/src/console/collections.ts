/** The collections calls' request schemas (issue 46). */
import { z } from 'zod';
import { CaseCloseReasons, CollectionSmsTemplates, ContactChannels, ContactOutcomes, ContactStopKinds } from './collections-constants.js';

const market = z.enum(['IN', 'ID']);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD');
const reason = z.string().trim().min(3).max(500);
const id = z.number().int().positive();

export const CaseQueueQuerySchema = z.object({
  /** a supervisor's view of every queue, or of one collector's; a collector always sees their own */
  scope: z.enum(['mine', 'all', 'unallocated']).default('mine'),
  collectorId: z.coerce.number().int().positive().optional(),
  market: market.optional(),
  stage: z.string().max(20).optional(),
  orderNo: z.string().trim().max(40).optional(),
  minDays: z.coerce.number().int().min(0).optional(),
  maxDays: z.coerce.number().int().min(0).optional(),
  promise: z.enum(['due-today', 'broken', 'open', 'follow-up-due']).optional(),
  status: z.enum(['open', 'closed']).default('open'),
  closeReason: z.enum(CaseCloseReasons).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

export const ContactRequestSchema = z.object({
  channel: z.enum(ContactChannels),
  outcome: z.enum(ContactOutcomes),
  note: z.string().trim().max(1000).default(''),
  /** when the collector will follow up: shown first in their queue from then (decision 215) */
  followUpAt: z.string().datetime({ offset: true }).optional(),
});

export const PromiseRequestSchema = z.object({
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  promisedOn: date,
});

export const CollectionSmsRequestSchema = z.object({ template: z.enum(CollectionSmsTemplates) });

export const ContactStopRequestSchema = z.object({ kind: z.enum(ContactStopKinds), reason });
export const ContactStopLiftSchema = z.object({ reason });

export const AllocationActionSchema = z.object({
  caseIds: z.array(id).min(1).max(500),
  action: z.enum(['reassign', 'retain', 'release']),
  /** reassign: to this collector */
  collectorId: id.optional(),
  /** retain: kept by its collector this many days */
  days: z.number().int().min(1).max(90).optional(),
  reason,
});

export const TeamRequestSchema = z.object({
  market,
  name: z.string().trim().min(2).max(120),
  kind: z.enum(['in_house', 'agency']),
  /** an agency's phone and address, told to the borrower before its first contact */
  contact: z.string().trim().max(300).default(''),
});

export const CollectorRequestSchema = z.object({
  operatorId: id,
  teamId: id,
  weight: z.number().int().min(1).max(100),
  capacity: z.number().int().min(0).max(100_000),
  stageCodes: z.array(z.string().max(20)).max(20).default([]),
});

export const StagesRequestSchema = z.object({
  market,
  dailyContactCap: z.number().int().min(1).max(10),
  stages: z
    .array(
      z.object({
        code: z.string().trim().min(1).max(20),
        name: z.string().trim().min(1).max(80),
        fromDay: z.number().int().min(1),
        toDay: z.number().int().min(1).nullable(),
        retentionDays: z.number().int().min(0).max(365),
        rule: z.literal('round_robin_weight'),
      }),
    )
    .min(1)
    .max(12),
});

/** A one-time settlement: close the loan for this amount if paid by `validUntil`. */
export const SettlementRequestSchema = z.object({
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  validUntil: date,
  reason,
});

export const StagesQuerySchema = z.object({ market });

/** The collections dashboard: one market over a range of its business dates (the last 30 days when left out). */
export const CollectionsDashboardQuerySchema = z.object({ market, from: date.optional(), to: date.optional() });
