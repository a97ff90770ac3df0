/**
 * The console's dashboard (issue 31 item 4, decisions 165-166): the business at a glance for one
 * market and a range of its business dates, each figure with the list behind it and that list's CSV.
 * Browser-safe: names and shapes only.
 */

/** The lists behind the figures: one per figure, its rows what the figure counts or adds up. */
export const DashboardFigure = [
  'disbursed',
  'repaid',
  'outstanding',
  'penaltiesAccrued',
  'penaltiesWaived',
  'payoutsFailed',
  'payoutsReversed',
  'complaints',
  'chatbot',
  'funnel',
] as const;
export type DashboardFigure = (typeof DashboardFigure)[number];

/** Days past due of the open loans, as the outstanding figure buckets them. */
export const DpdBucket = ['current', '1-30', '31-90', '91+'] as const;
export type DpdBucket = (typeof DpdBucket)[number];

/** A complaint against the desk's service level (a reply within 3 weekdays): met, missed, open past it, or open within it. */
export const SlaOutcome = ['met', 'missed', 'overdue', 'pending'] as const;
export type SlaOutcome = (typeof SlaOutcome)[number];

export const ChatbotOutcome = ['resolved', 'unresolved'] as const;
export type ChatbotOutcome = (typeof ChatbotOutcome)[number];

/** The registration funnel's steps (spec §7): track-visit, track-click, get-sms, register. */
export const FunnelStep = ['visit', 'click', 'sms', 'register'] as const;
export type FunnelStep = (typeof FunnelStep)[number];

/** The parts a list may be narrowed to, by figure. */
export const DashboardPart = [...DpdBucket, ...SlaOutcome, ...ChatbotOutcome, ...FunnelStep] as const;
export type DashboardPart = (typeof DashboardPart)[number];

/** The longest range of business dates one dashboard call reads. */
export const DASHBOARD_MAX_DAYS = 366;
/** Rows of a list page; the CSV holds the whole list up to DASHBOARD_EXPORT_MAX_ROWS. */
export const DASHBOARD_LIST_PAGE = 50;
export const DASHBOARD_EXPORT_MAX_ROWS = 200_000;
/** The CSV of a list: a plain GET the browser downloads (not a JSON call of ConsoleEndpoints). */
export const DASHBOARD_EXPORT_PATH = '/dashboard/export';

export interface DashboardDay {
  /** a business date of the market, YYYY-MM-DD */
  day: string;
  disbursedMinor: number;
  repaidMinor: number;
  penaltiesAccruedMinor: number;
  penaltiesWaivedMinor: number;
  payoutsFailed: number;
  payoutsReversed: number;
}

export interface DashboardView {
  market: 'IN' | 'ID';
  currency: string;
  from: string;
  to: string;
  /** the market's today: the outstanding figure is as of it */
  today: string;
  days: DashboardDay[];
  totals: {
    disbursed: { count: number; minor: number };
    repaid: { count: number; minor: number };
    penaltiesAccrued: { count: number; minor: number };
    penaltiesWaived: { count: number; minor: number };
    payoutsFailed: { count: number; minor: number };
    payoutsReversed: { count: number; minor: number };
  };
  /** when the open loans below were counted: the dashboard-summary job's last run today, else the answer's own time (decision 166) */
  outstandingAsOf: string;
  /** open loans today by days past due: how many and the principal not yet repaid */
  outstanding: { bucket: DpdBucket; loans: number; principalMinor: number }[];
  /** complaints made in the range, against the service level, and the borrowers' ratings of them */
  complaints: Record<SlaOutcome, number> & {
    total: number;
    compliancePercent: number | null;
    ratings: number;
    averageRating: number | null;
  };
  /**
   * open complaints today against the regulator's deadline (issue 49: India's 30 days before the RBI
   * Ombudsman, Indonesia's 10 working days): due within 3 days, past it, escalated to the desk, extended
   */
  regulatorDeadlines: { open: number; dueSoon: number; pastDeadline: number; escalated: number; extended: number };
  /** the chatbot's feedback in the range (spec §3 record type 2), and hand-overs to support (type 1) */
  chatbot: { resolved: number; unresolved: number; handedOver: number };
  /** the registration funnel by channel (user_from) and utm_tag, the most visited first */
  funnel: { channel: string; utmTag: string; visit: number; click: number; sms: number; register: number }[];
}

export type DashboardColumnType = 'text' | 'number' | 'money' | 'date' | 'instant' | 'order' | 'borrower';

export interface DashboardColumn {
  key: string;
  header: string;
  type: DashboardColumnType;
}

/**
 * One row of a list: values by column key. Money is in minor units, an instant an ISO time, an
 * order or borrower cell the id (with `orderNo` / `borrowerName` beside it for the link's text).
 */
export interface DashboardListRow {
  id: number;
  values: Record<string, string | number | null>;
}

export interface DashboardListPage {
  figure: DashboardFigure;
  market: 'IN' | 'ID';
  currency: string;
  title: string;
  columns: DashboardColumn[];
  rows: DashboardListRow[];
  /** the cursor of the next page, or null on the last */
  next: number | null;
}
