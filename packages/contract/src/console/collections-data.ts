/**
 * Collections in the console (issue 46): the lists, the case page and the settings as the console
 * reads them, the calls' table and the fixed lists (channels, outcomes, flags). Browser-safe: no zod.
 */
import type { z } from 'zod';
import type {
  AllocationActionSchema,
  CaseQueueQuerySchema,
  CollectorRequestSchema,
  ContactRequestSchema,
  ContactStopLiftSchema,
  ContactStopRequestSchema,
  PromiseRequestSchema,
  SettlementRequestSchema,
  StagesRequestSchema,
  TeamRequestSchema,
} from './collections.js';
import type { CollectionSmsTemplate, ContactChannel, ContactOutcome, ContactStopKind } from './collections-constants.js';

/** The console's refusals of collections beside its shared codes. */
export const CollectionsCode = {
  /** outside the hours, on an Indonesian Sunday or holiday, beyond the daily cap, while a flag is set, before the agency was named */
  ConductRefused: '40910',
} as const;

export interface CaseListItem {
  caseId: number;
  orderId: number;
  orderNo: string;
  borrowerId: number;
  borrowerName: string;
  market: 'IN' | 'ID';
  daysPastDue: number;
  classification: string;
  stage: string | null;
  owed: string;
  owedMinor: number;
  collector: { id: number; name: string } | null;
  retainedUntil: string | null;
  /** the open promise's date, or the latest broken one's */
  promise: { status: 'open' | 'kept' | 'broken'; promisedOn: string; amount: string } | null;
  /** the collector's follow-up that is due (now or earlier today), if any (decision 215) */
  followUpDue: string | null;
  /** why it is where it is in the queue: a broken promise, a promise or a follow-up due today, or owed × days past due */
  rank: 'broken' | 'due-today' | 'follow-up' | 'priority';
  stopped: boolean;
  closedOn: string | null;
  closeReason: string | null;
}

export interface CasePage {
  case: CaseListItem & { openedOn: string };
  borrower: { id: number; name: string; phone: string; city: string | null; zone: string; contactsToday: number; dailyCap: number };
  /** what the loan owes today by component: the same replay as loan details */
  owedToday: { total: string; totalMinor: number; penalty: string; fee: string; interest: string; principal: string; dueDate: string };
  repayments: { on: string; amount: string; allocation: string[] }[];
  classifications: { on: string; classification: string; daysPastDue: number }[];
  allocations: { at: string; action: string; collector: string | null; stage: string | null; by: string | null; reason: string }[];
  contacts: {
    id: number;
    at: string;
    channel: ContactChannel;
    outcome: ContactOutcome;
    note: string;
    by: string | null;
    followUpAt: string | null;
  }[];
  promises: { id: number; amount: string; amountMinor: number; promisedOn: string; status: string; decidedOn: string | null }[];
  stops: { id: number; kind: ContactStopKind; reason: string; setAt: string; setBy: string | null; liftedAt: string | null }[];
  settlements: { id: number; amount: string; owed: string; validUntil: string; status: string; reason: string; waived: string | null }[];
  /** now: may this case be contacted, and if not why */
  contactAllowed: { allowed: boolean; reason: string | null };
  repayLink: string;
}

export interface SettlementResult {
  settlementId: number;
  status: 'pending' | 'offered' | 'rejected' | 'paid' | 'expired';
}

export interface TeamView {
  id: number;
  market: 'IN' | 'ID';
  name: string;
  kind: 'in_house' | 'agency';
  contact: string;
  active: boolean;
  collectors: {
    id: number;
    operatorId: number;
    name: string;
    weight: number;
    capacity: number;
    load: number;
    stageCodes: string[];
    active: boolean;
  }[];
}

export interface StageView {
  code: string;
  name: string;
  fromDay: number;
  toDay: number | null;
  retentionDays: number;
  rule: 'round_robin_weight';
}

export interface StagesView {
  market: 'IN' | 'ID';
  stages: StageView[];
  dailyContactCap: number;
}

/** The collections dashboard (issue 46 §5): money in minor units, rates as percentages (null: nothing to divide). */
export interface CollectionsDashboard {
  market: 'IN' | 'ID';
  from: string;
  to: string;
  /** open cases now, by stage */
  casesByStage: { stage: string; cases: number; owedMinor: number }[];
  /** repayments in force dated in the range, of orders with a case open that day */
  recoveredByStage: { stage: string; recoveredMinor: number }[];
  recoveredByTeam: { team: string; teamId: number | null; recoveredMinor: number }[];
  recoveredByCollector: { collector: string; collectorId: number | null; recoveredMinor: number }[];
  promises: { made: number; kept: number; broken: number; keepRate: number | null };
  contactsPerCase: number | null;
  /** cases open at some point in the range */
  cases: number;
  /** cases closed as repaid or cured in the range */
  cured: number;
  cureRate: number | null;
  settlements: { paid: number; waivedMinor: number };
  /** of the orders in each overdue class 30 days before the range's end, the share in a later class at its end */
  rollRates: { from: string; to: string; orders: number; rolled: number; rate: number | null }[];
}

/** where the dashboard's figures are downloaded as CSV, under the console's API */
export const COLLECTIONS_DASHBOARD_CSV_PATH = '/collections/dashboard.csv';

export interface DailyRunResult {
  classified: number;
  opened: number;
  closed: number;
  allocated: number;
  unallocated: number;
  promisesKept: number;
  promisesBroken: number;
  agencyNotices: number;
  /** one-time settlements paid in time: the rest waived, the loan settled by agreement */
  settled: number;
}

export const CollectionsEndpoints = {
  collectionCases: { method: 'GET', path: '/collections/cases' },
  collectionCase: { method: 'GET', path: '/collections/cases/:id' },
  logContact: { method: 'POST', path: '/collections/cases/:id/contacts' },
  makePromise: { method: 'POST', path: '/collections/cases/:id/promises' },
  sendCollectionSms: { method: 'POST', path: '/collections/cases/:id/sms' },
  setContactStop: { method: 'POST', path: '/collections/cases/:id/stops' },
  liftContactStop: { method: 'POST', path: '/collections/stops/:id/lift' },
  allocateCases: { method: 'POST', path: '/collections/allocations' },
  collectionTeams: { method: 'GET', path: '/collections/teams' },
  addCollectionTeam: { method: 'POST', path: '/collections/teams' },
  addCollector: { method: 'POST', path: '/collections/collectors' },
  collectionStages: { method: 'GET', path: '/collections/stages' },
  saveCollectionStages: { method: 'PUT', path: '/collections/stages' },
  runCollections: { method: 'POST', path: '/collections/run' },
  collectionsDashboard: { method: 'GET', path: '/collections/dashboard' },
  offerSettlement: { method: 'POST', path: '/collections/cases/:id/settlements' },
  approveSettlement: { method: 'POST', path: '/collections/settlements/:id/approve' },
  rejectSettlement: { method: 'POST', path: '/collections/settlements/:id/reject' },
} as const;

interface Call<Request, Data> {
  request: Request;
  data: Data;
}
type ById = { id: number };

export interface CollectionsCalls {
  collectionCases: Call<{ query: z.input<typeof CaseQueueQuerySchema> }, { list: CaseListItem[]; total: number }>;
  collectionCase: Call<ById, CasePage>;
  logContact: Call<ById & { body: z.infer<typeof ContactRequestSchema> }, { contactId: number }>;
  makePromise: Call<ById & { body: z.infer<typeof PromiseRequestSchema> }, { promiseId: number }>;
  sendCollectionSms: Call<ById & { body: { template: CollectionSmsTemplate } }, { contactId: number; text: string }>;
  setContactStop: Call<ById & { body: z.infer<typeof ContactStopRequestSchema> }, { stopId: number }>;
  liftContactStop: Call<ById & { body: z.infer<typeof ContactStopLiftSchema> }, null>;
  allocateCases: Call<{ body: z.infer<typeof AllocationActionSchema> }, { changed: number }>;
  collectionTeams: Call<Record<never, never>, TeamView[]>;
  addCollectionTeam: Call<{ body: z.infer<typeof TeamRequestSchema> }, TeamView>;
  addCollector: Call<{ body: z.infer<typeof CollectorRequestSchema> }, { collectorId: number }>;
  collectionStages: Call<{ query: { market: 'IN' | 'ID' } }, StagesView>;
  saveCollectionStages: Call<{ body: z.infer<typeof StagesRequestSchema> }, StagesView>;
  runCollections: Call<Record<never, never>, DailyRunResult>;
  collectionsDashboard: Call<{ query: { market: 'IN' | 'ID'; from?: string; to?: string } }, CollectionsDashboard>;
  offerSettlement: Call<ById & { body: z.infer<typeof SettlementRequestSchema> }, SettlementResult>;
  approveSettlement: Call<ById, SettlementResult>;
  rejectSettlement: Call<ById, SettlementResult>;
}
