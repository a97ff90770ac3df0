/**
 * Where an overdue loan stands (issue 46 §1, decision 210): each market's regulatory class from
 * its days past due, and the collection stages a case moves through, with their defaults.
 * India, RBI IRACP (clarified 12 Nov 2021): SMA-0 1–30, SMA-1 31–60, SMA-2 61–90, NPA over 90.
 * Indonesia, OJK (POJK 10/POJK.05/2022, P2P): lancar, dalam perhatian khusus 1–30, kurang lancar
 * 31–60, diragukan 61–90, macet over 90 (TWP90).
 */
import { Market } from '@kilat/contract';
import { addDays, type BusinessDate } from './business-date.js';

export type Classification =
  | 'standard'
  | 'sma0'
  | 'sma1'
  | 'sma2'
  | 'npa'
  | 'lancar'
  | 'dalam_perhatian_khusus'
  | 'kurang_lancar'
  | 'diragukan'
  | 'macet';

interface Band {
  /** the first day past due of the band; the next band starts where this one ends */
  fromDay: number;
  classification: Classification;
}

const BANDS: Record<Market, readonly Band[]> = {
  [Market.India]: [
    { fromDay: 0, classification: 'standard' },
    { fromDay: 1, classification: 'sma0' },
    { fromDay: 31, classification: 'sma1' },
    { fromDay: 61, classification: 'sma2' },
    { fromDay: 91, classification: 'npa' },
  ],
  [Market.Indonesia]: [
    { fromDay: 0, classification: 'lancar' },
    { fromDay: 1, classification: 'dalam_perhatian_khusus' },
    { fromDay: 31, classification: 'kurang_lancar' },
    { fromDay: 61, classification: 'diragukan' },
    { fromDay: 91, classification: 'macet' },
  ],
};

/** The market's class of a loan `daysPastDue` days past the due date of its oldest unpaid period. */
export const classify = (market: Market, daysPastDue: number): Classification => {
  let found = BANDS[market][0]!.classification;
  for (const band of BANDS[market]) if (daysPastDue >= band.fromDay) found = band.classification;
  return found;
};

/** The first day past due of each class: the India KFS states the dates a loan would reach them. */
export const classStartDays = (market: Market): readonly Band[] => BANDS[market].filter((band) => band.fromDay > 0);

export type AllocationRule = 'round_robin_weight';

export interface CollectionStage {
  code: string;
  name: string;
  /** days past due, both ends included; `toDay` null: no end */
  fromDay: number;
  toDay: number | null;
  /** a case kept by its collector this many days after it enters the stage, before it may move to another */
  retentionDays: number;
  rule: AllocationRule;
}

/**
 * Defaults in the anchor's style (Cashloan's S1–S4, Fineract's delinquency ranges): early reminders
 * by phone, then the regulatory buckets; a market's supervisor changes them on the stages screen.
 */
export const DEFAULT_STAGES: readonly CollectionStage[] = [
  { code: 'S1', name: 'Early (1–7)', fromDay: 1, toDay: 7, retentionDays: 7, rule: 'round_robin_weight' },
  { code: 'S2', name: 'Mid (8–30)', fromDay: 8, toDay: 30, retentionDays: 10, rule: 'round_robin_weight' },
  { code: 'S3', name: 'Late (31–90)', fromDay: 31, toDay: 90, retentionDays: 30, rule: 'round_robin_weight' },
  { code: 'S4', name: 'Recovery (91+)', fromDay: 91, toDay: null, retentionDays: 30, rule: 'round_robin_weight' },
];

/** The stage of `daysPastDue`, or null before the first overdue day (or in a gap a configuration left). */
export const stageOf = <Stage extends Pick<CollectionStage, 'fromDay' | 'toDay'>>(
  stages: readonly Stage[],
  daysPastDue: number,
): Stage | null => stages.find((stage) => daysPastDue >= stage.fromDay && (stage.toDay === null || daysPastDue <= stage.toDay)) ?? null;

/** A configuration's ranges, checked before it is saved: ordered, not overlapping, from day 1 up. */
export const stageRangesProblem = (stages: readonly Pick<CollectionStage, 'code' | 'fromDay' | 'toDay'>[]): string | null => {
  if (stages.length === 0) return 'at least one stage';
  const sorted = [...stages].sort((a, b) => a.fromDay - b.fromDay);
  if (sorted[0]!.fromDay < 1) return 'stages start from day 1 past due';
  for (const [index, stage] of sorted.entries()) {
    if (stage.toDay !== null && stage.toDay < stage.fromDay) return `${stage.code}: toDay before fromDay`;
    const next = sorted[index + 1];
    if (next && (stage.toDay === null || next.fromDay <= stage.toDay)) return `${stage.code} and ${next.code} overlap`;
  }
  if (new Set(stages.map((stage) => stage.code)).size !== stages.length) return 'stage codes repeat';
  return null;
};

/**
 * RBI asks that the borrower be told at sanction the dates their loan would become SMA-0, SMA-1,
 * SMA-2 and NPA: for an instalment due on `dueDate` left unpaid, the first day of each class.
 */
export const indiaClassDates = (
  dueDate: BusinessDate,
): { sma0: BusinessDate; sma1: BusinessDate; sma2: BusinessDate; npa: BusinessDate } => {
  const [sma0, sma1, sma2, npa] = classStartDays(Market.India).map((band) => addDays(dueDate, band.fromDay));
  return { sma0: sma0!, sma1: sma1!, sma2: sma2!, npa: npa! };
};
