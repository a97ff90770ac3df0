/**
 * The console API's schemas (issue 18): requests validated by the server and listed in the same
 * OpenAPI document as the borrower's calls; response data as types the console app imports.
 */
import { z } from 'zod';
import { ComplaintStatusFilter, OperatorPasswordMin } from './browser.js';
import { operatorRoles } from './roles.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const IdParamsSchema = z.object({ id });

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

export * from './browser.js';

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
