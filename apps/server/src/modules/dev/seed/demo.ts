/**
 * Demo data: for each market a demo borrower with an order in every status of DESIGN §4
 * (relative to today, so the statuses hold whenever the seed runs), a second borrower, the
 * market's products, and the sandbox's demo card bound to each borrower. Runs once: a database
 * that has borrowers is left alone.
 */
import { IdentityDocumentKinds, lastFourOf, Market, MarketTerms, OrderStatus } from '@kilat/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import { sealText } from '../../../crypto.js';
import type { Db } from '../../../db/database.js';
import {
  type Borrower,
  bankCards,
  borrowers,
  disbursalAccounts,
  ledgerEntries,
  orders,
  type Product,
  payouts,
  products,
} from '../../../db/schema.js';
import { addDays, type BusinessDate } from '../../../lending/business-date.js';
import type { Clock } from '../../../lending/clock.js';
import { bpsOf } from '../../../lending/money.js';
import { buildSchedule, periodTotal } from '../../../lending/schedule.js';
import { StandardPricing } from '../../../lending/standard-pricing.js';
import { cardFingerprint, cardParts } from '../../cards/card-number.js';
import { identityChecks } from '../../identity/table.js';
import { accruePenalties } from '../../ledger/posting.js';
import { replayOrder } from '../../ledger/replay.js';
import { ledgersOf, refreshLoanPositions } from '../../ledger/repository.js';
import { OrdersRepository } from '../../orders/repository.js';
import { cardBanks } from '../../payments/catalogue.js';
import { SANDBOX_DEMO_CARD, SANDBOX_GATEWAY, sandboxCardToken } from '../../payments/gateways/sandbox/sandbox-gateway.js';
import { randomBase32, randomDigits } from '../../payments/random-codes.js';
import { saveProducts } from '../../products/service.js';
import { seedAcquisition } from './acquisition.js';
import { logoUrlOf } from './art.js';
import { seedSupport, seedSupportCatalogue } from './support.js';

export interface DemoAccount {
  phone: string;
  name: string;
  deviceId: string;
  deviceName: string;
  osVersion: string;
  monthlySalaryMinor: number;
}

export const DemoAccounts: Record<Market, DemoAccount> = {
  [Market.India]: {
    phone: '+919876543210',
    name: 'Aarav Sharma',
    deviceId: 'demo-device-in',
    deviceName: 'Redmi Note 13',
    osVersion: 'Android 14',
    monthlySalaryMinor: 4_500_000,
  },
  [Market.Indonesia]: {
    phone: '+6281234567890',
    name: 'Siti Rahayu',
    deviceId: 'demo-device-id',
    deviceName: 'Samsung Galaxy A15',
    osVersion: 'Android 14',
    monthlySalaryMinor: 800_000_000,
  },
};

/** A second borrower per market, so that tests can ask for someone else's order. */
export const OtherAccounts: Record<Market, Pick<DemoAccount, 'phone' | 'name' | 'deviceId' | 'monthlySalaryMinor'>> = {
  [Market.India]: { phone: '+919876543211', name: 'Priya Nair', deviceId: 'demo-device-in-2', monthlySalaryMinor: 3_000_000 },
  [Market.Indonesia]: { phone: '+6281234567891', name: 'Budi Santoso', deviceId: 'demo-device-id-2', monthlySalaryMinor: 600_000_000 },
};

const productSeeds = (market: Market): (typeof products.$inferInsert)[] => {
  const terms = MarketTerms[market];
  const india = market === Market.India;
  const pricing = StandardPricing[market];
  const range = { amountMinMinor: terms.amountMinMinor, amountMaxMinor: terms.amountMaxMinor };
  const product = (
    code: string,
    name: string,
    description: string,
    shape: { termDays: number; periods: number; sortOrder: number; termOptions: number[] },
  ) => ({
    market,
    code,
    name,
    logoUrl: logoUrlOf(code),
    description,
    ...range,
    // the slider's step (decision 147): ₹500, Rp 100.000
    amountStepMinor: AmountSteps[market],
    ...shape,
    pricing,
  });
  return [
    product(
      india ? 'KILAT-IN-FLEXI' : 'KILAT-ID-TUNAI',
      india ? 'Kilat Flexi' : 'Kilat Tunai',
      india ? 'One repayment after 91 days' : 'Satu kali bayar setelah 91 hari',
      { termDays: 91, periods: 1, sortOrder: 1, termOptions: [91, 120, 180] },
    ),
    product(
      india ? 'KILAT-IN-PLUS' : 'KILAT-ID-CICIL',
      india ? 'Kilat Plus' : 'Kilat Cicil',
      india ? 'Three monthly installments over 180 days' : 'Tiga kali cicilan dalam 180 hari',
      { termDays: 180, periods: 3, sortOrder: 2, termOptions: [180, 270, 360] },
    ),
  ];
};

type Tx = Db;

/** The amount slider's step of the demo products (decision 147). */
const AmountSteps: Record<Market, number> = { [Market.India]: 50_000, [Market.Indonesia]: 10_000_000 };

/** What a demo borrower's application stated (the decision engine's age and employment rules read it). */
const STATED = { statedBirthDate: '1990-04-12', married: null, employment: 'salaried' } as const;

interface OrderPlan {
  status: OrderStatus;
  product: Product;
  principalMinor: number;
  /** days ago the borrower applied; decisions and disbursal follow at once unless said otherwise */
  appliedDaysAgo: number;
  decision: 'approved' | 'rejected' | null;
  disbursedDaysAgo: number | null;
  isShow: 0 | 1;
  /** repayments: days ago, and 'all' for what is left or a number of periods */
  repayments?: { daysAgo: number; periods: number | 'all' }[];
  extension?: { paidDaysAgo: number };
}

const DAY_MS = 86_400_000;

const insertOrder = async (tx: Tx, clock: Clock, borrowerId: number, orderNo: string, plan: OrderPlan, isRepeatClient: boolean) => {
  const { product } = plan;
  const market = product.market;
  const now = clock.now().getTime();
  const today = clock.today(market);
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
  const on = (daysAgo: number): BusinessDate => addDays(today, -daysAgo);
  const startDate = plan.disbursedDaysAgo === null ? null : on(plan.disbursedDaysAgo);
  let schedule = startDate
    ? buildSchedule({
        principalMinor: plan.principalMinor,
        termDays: product.termDays,
        periods: product.periods,
        startDate,
        dailyInterestBps: product.pricing.dailyInterestBps,
        serviceFeeBps: product.pricing.serviceFeeBps,
        totalCostCapBps: product.pricing.totalCostCapBps,
        market,
      })
    : [];
  const extensionDays = product.pricing.extension?.days ?? 0;
  if (plan.extension) schedule = schedule.map((period) => ({ ...period, dueDate: addDays(period.dueDate, extensionDays) }));

  const accounts = await seededDisbursalAccounts(tx, borrowerId);
  const order = {
    orderNo,
    borrowerId,
    productId: product.id,
    market,
    principalMinor: plan.principalMinor,
    termDays: product.termDays,
    periods: product.periods,
    pricing: product.pricing,
    appliedAt: at(plan.appliedDaysAgo),
    decision: plan.decision,
    decidedAt: plan.decision ? at(Math.max(0, plan.appliedDaysAgo - 1)) : null,
    disbursedAt: plan.disbursedDaysAgo === null ? null : at(plan.disbursedDaysAgo),
    isShow: plan.isShow,
    isRepeatClient,
    // a demo rejection says why and from when to apply again, as a real one does (issue 48): its open loans were over the limit
    ...(plan.decision === 'rejected'
      ? { decisionReason: 'openLoansWithinLimit', reapplyOn: addDays(on(Math.max(0, plan.appliedDaysAgo - 1)), 30) }
      : {}),
  };
  // the same insert as a borrower's loan submit (orders' repository)
  const orderId = await new OrdersRepository(tx).insertWithSchedule(order, schedule, tx);

  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  const utr = startDate ? seedUtr(orderNo) : null;
  if (plan.decision === 'approved' && accounts) {
    // the payout of an approved loan of a demo borrower (issue 28): landed with its bank reference, or — the 151 order —
    // queued to an earlier account the sandbox holds as processing for two days (SandboxDestinations slow), so it stays disbursing
    const landed = startDate !== null;
    await tx.insert(payouts).values({
      publicId: `${orderNo}-1`,
      orderId,
      borrowerId,
      disbursalAccountId: landed ? accounts.active : accounts.slow,
      market,
      gateway: SANDBOX_GATEWAY,
      attempt: 1,
      amountMinor: plan.principalMinor,
      idempotencyKey: `seed:${orderNo}:payout:1`,
      status: landed ? 'processed' : 'queued',
      gatewayPayoutId: landed ? `seed_${orderNo}` : null,
      utr,
      tries: landed ? 1 : 0,
      nextTryAt: order.decidedAt ?? at(0),
      processedOn: startDate,
    });
  }
  if (startDate) {
    entries.push({
      orderId,
      kind: 'disbursement',
      amountMinor: plan.principalMinor,
      businessDate: startDate,
      idempotencyKey: `disbursement:${orderNo}`,
      meta: accounts ? { utr, gateway: SANDBOX_GATEWAY, gatewayPayoutId: `seed_${orderNo}`, attempt: 1 } : {},
    });
  }
  if (plan.extension && product.pricing.extension) {
    const fee = bpsOf(plan.principalMinor, product.pricing.extension.feeBps);
    entries.push({
      orderId,
      kind: 'extension_fee',
      amountMinor: fee,
      businessDate: on(plan.extension.paidDaysAgo),
      idempotencyKey: `seed:${orderNo}:extension:1`,
      meta: { days: extensionDays, periods: schedule.map((period) => period.periodNo) },
    });
  }
  let paidPeriods = 0;
  for (const [index, repayment] of (plan.repayments ?? []).entries()) {
    const periods =
      repayment.periods === 'all' ? schedule.slice(paidPeriods) : schedule.slice(paidPeriods, paidPeriods + repayment.periods);
    paidPeriods += periods.length;
    entries.push({
      orderId,
      kind: 'repayment',
      amountMinor: periods.reduce((total, period) => total + periodTotal(period), 0),
      businessDate: on(repayment.daysAgo),
      idempotencyKey: `seed:${orderNo}:repayment:${index + 1}`,
    });
  }
  if (entries.length > 0) {
    await tx.insert(ledgerEntries).values(entries);
    await asPosted(tx, orderId);
  }
  return orderId;
};

/**
 * What a real repayment writes beside its row (issue 47 defect 6): each seeded repayment's waterfall
 * lines from the one replay, and the loan's position the dashboard reads (decision 235).
 */
const asPosted = async (tx: Db, orderId: number) => {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const ledger = (await ledgersOf(tx, [orderId])).get(orderId)!;
  for (const allocation of replayOrder(order!, ledger, undefined).allocations) {
    await tx
      .update(ledgerEntries)
      .set({ meta: sql`${ledgerEntries.meta} || ${JSON.stringify({ lines: allocation.lines })}::jsonb` })
      .where(eq(ledgerEntries.id, allocation.ledgerId));
  }
  await refreshLoanPositions(tx, [orderId]);
};

/** A 12-digit bank reference for a seeded payout, the same for the same order number. */
const seedUtr = (orderNo: string) => {
  let hash = 0;
  for (const char of orderNo) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_000_000;
  return String(hash).padStart(12, '0');
};

/** The demo borrower's seeded accounts, when the seed gave it some (the tests' fresh borrowers have none: they add their own). */
const seededDisbursalAccounts = async (tx: Db, borrowerId: number): Promise<{ active: number; slow: number } | null> => {
  const existing = await tx.select().from(disbursalAccounts).where(eq(disbursalAccounts.borrowerId, borrowerId));
  const active = existing.find((account) => account.replacedAt === null && account.last4 === SandboxDemoAccounts.last4);
  const slow = existing.find((account) => account.last4 === SandboxDemoAccounts.slowLast4 && account.replacedAt !== null);
  return active && slow ? { active: active.id, slow: slow.id } : null;
};

/**
 * The sandbox disbursal accounts of a demo borrower (issue 28), made once: the active one (ending
 * 1234: the sandbox pays it at once) and an earlier, replaced one ending 9003 (the sandbox holds its
 * payouts as processing for two days) that the seeded 151 order's payout goes to.
 */
export const sandboxDisbursalAccounts = async (tx: Db, borrowerId: number): Promise<{ active: number; slow: number }> => {
  const seeded = await seededDisbursalAccounts(tx, borrowerId);
  if (seeded) return seeded;
  const [borrower] = await tx.select().from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!borrower) throw new Error(`no borrower ${borrowerId}`);
  const shape = SandboxDemoAccounts[borrower.market];
  const account = (last4: string, replacedAt: Date | null) => ({
    borrowerId,
    market: borrower.market,
    kind: 'bank' as const,
    channelCode: shape.channelCode,
    bankName: shape.bankName,
    holderName: borrower.name,
    last4,
    gateway: SANDBOX_GATEWAY,
    validationStatus: 'valid' as const,
    registeredName: borrower.name,
    nameMatchScore: 100,
    validatedAt: borrower.createdAt,
    replacedAt,
  });
  const [slowRow] = await tx.insert(disbursalAccounts).values(account(SandboxDemoAccounts.slowLast4, borrower.createdAt)).returning();
  const [activeRow] = await tx.insert(disbursalAccounts).values(account(SandboxDemoAccounts.last4, null)).returning();
  return { active: activeRow!.id, slow: slowRow!.id };
};

/**
 * The demo identity numbers (issue 29, decision 161): a PAN whose four digits are 1234 and a woman's
 * NIK of the seeded birth date (1990-04-12, day + 40) — the sandbox KYC provider verifies both (docs/sandboxes.md).
 */
export const SandboxDemoIdentity = { IN: 'ABCPS1234K', ID: '3174055204900001', aadhaarLast4: '0124' } as const;

/**
 * A verified sandbox identity check for a seeded borrower, as the identity module leaves one after the
 * provider verified it: the document's name and birth date are the borrower's own; the number sealed
 * with ACCOUNT_ENCRYPTION_KEY. Made once. Its selfie and KTP were never photographed (their links answer
 * 404), which the console shows as a missing image.
 */
export const sandboxIdentity = async (tx: Db, borrower: Borrower, encryptionKey: string): Promise<void> => {
  const [existing] = await tx.select({ id: identityChecks.id }).from(identityChecks).where(eq(identityChecks.borrowerId, borrower.id));
  if (existing) return;
  const number = SandboxDemoIdentity[borrower.market];
  const birthDate = borrower.statedBirthDate ?? STATED.statedBirthDate;
  await tx.insert(identityChecks).values({
    borrowerId: borrower.id,
    market: borrower.market,
    documentKind: IdentityDocumentKinds[borrower.market],
    provider: 'sandbox',
    providerRef: `sbx_kyc_seed_${borrower.id}`,
    status: 'verified',
    givenName: borrower.name,
    givenBirthDate: birthDate,
    documentName: borrower.name.toUpperCase(),
    documentBirthDate: birthDate,
    numberSealed: sealText(encryptionKey, number),
    numberLast4: lastFourOf(number),
    aadhaarLast4: borrower.market === Market.India ? SandboxDemoIdentity.aadhaarLast4 : null,
    livenessScore: 99,
    selfieUpload: `seed-selfie-${borrower.id}.jpg`,
    documentUpload: borrower.market === Market.Indonesia ? `seed-ktp-${borrower.id}.jpg` : null,
    createdAt: borrower.createdAt,
    decidedAt: borrower.createdAt,
  });
};

/** The demo disbursal accounts' bank and last digits (the sandbox decides by the last four, docs/sandboxes.md). */
export const SandboxDemoAccounts = {
  last4: '1234',
  slowLast4: '9003',
  IN: { channelCode: 'HDFC0001234', bankName: 'HDFC Bank' },
  ID: { channelCode: 'ID_BCA', bankName: 'Bank Central Asia' },
} as const;

/** One plan per status of DESIGN §4; the day offsets put each order where its status says. */
const demoPlans = (single: Product, installments: Product, principalMinor: number): OrderPlan[] => {
  const base = { product: single, principalMinor, isShow: 0 as const };
  return [
    { ...base, status: OrderStatus.UnderReview, appliedDaysAgo: 0, decision: null, disbursedDaysAgo: null },
    { ...base, status: OrderStatus.Rejected, appliedDaysAgo: 3, decision: 'rejected', disbursedDaysAgo: null },
    { ...base, status: OrderStatus.Disbursing, appliedDaysAgo: 1, decision: 'approved', disbursedDaysAgo: null },
    // day 50 of 91: past the day prepayment opens (46), before the due window (88)
    { ...base, status: OrderStatus.Disbursed, appliedDaysAgo: 51, decision: 'approved', disbursedDaysAgo: 50 },
    { ...base, status: OrderStatus.DueSoon, appliedDaysAgo: 90, decision: 'approved', disbursedDaysAgo: 89, isShow: 1 },
    // 5 days past the due date: the accrual posts its penalties as it would have day by day
    { ...base, status: OrderStatus.Overdue, appliedDaysAgo: 97, decision: 'approved', disbursedDaysAgo: 96, isShow: 1 },
    {
      ...base,
      status: OrderStatus.InstallmentPartlyPaid,
      product: installments,
      principalMinor: principalMinor * 2,
      // day 95 of 180: period 1 (due day 60) paid, period 2 due on day 120; prepayment opened on day 90
      appliedDaysAgo: 96,
      decision: 'approved',
      disbursedDaysAgo: 95,
      repayments: [{ daysAgo: 37, periods: 1 }],
    },
    {
      ...base,
      status: OrderStatus.Extended,
      appliedDaysAgo: 96,
      decision: 'approved',
      disbursedDaysAgo: 95,
      isShow: 1,
      extension: { paidDaysAgo: 6 },
    },
    {
      ...base,
      status: OrderStatus.Settled,
      appliedDaysAgo: 121,
      decision: 'approved',
      disbursedDaysAgo: 120,
      repayments: [{ daysAgo: 29, periods: 'all' }],
    },
    // repaid on day 55 of 91: past half the term and day 7, so prepayment was allowed
    {
      ...base,
      status: OrderStatus.ClosedEarly,
      appliedDaysAgo: 61,
      decision: 'approved',
      disbursedDaysAgo: 60,
      repayments: [{ daysAgo: 5, periods: 'all' }],
    },
  ];
};

/** The seeded orders' penalties and closing dates, posted by the accrual job's own code as if it had run every day. */
const accrueSeeded = async (tx: Db, clock: Clock, ids: number[]) => {
  const list = await tx.select().from(orders).where(inArray(orders.id, ids));
  await accruePenalties(tx, list, (market) => clock.today(market), clock.now());
};

// applied before the demo 170 order (so lists by application date, and tests that pick the first 170, find that one)
// and paid out only 10 days ago
const recentLoan = (product: Product, principalMinor: number): OrderPlan => ({
  status: OrderStatus.Disbursed,
  product,
  principalMinor,
  isShow: 0,
  appliedDaysAgo: 52,
  decision: 'approved',
  disbursedDaysAgo: 10,
});

export interface OrderSeed {
  borrowerId: number;
  market: Market;
  status: OrderStatus;
  /** default: the market's demo principal (the instalment plan borrows twice as much) */
  principalMinor?: number;
  isShow?: 0 | 1;
  /** a disbursed order paid out this many days ago instead of its plan's day (applied the day before) */
  disbursedDaysAgo?: number;
}

/**
 * One order of the market's demo products put in `status` by the plan the demo seed uses, with
 * its ledger and penalties; answers its id. The API tests' `makeOrder` builds on it.
 */
export const seedOrder = (db: Db, clock: Clock, seed: OrderSeed): Promise<number> =>
  db.transaction(async (tx) => {
    const [single, instalments] = await demoProducts(tx, seed.market);
    const plan = demoPlans(single, instalments, seed.principalMinor ?? DEMO_PRINCIPAL[seed.market]).find(
      (candidate) => candidate.status === seed.status,
    )!;
    const [borrower] = await tx.select().from(borrowers).where(eq(borrowers.id, seed.borrowerId));
    if (!borrower) throw new Error(`no borrower ${seed.borrowerId}`);
    const orderNo = `KL${seed.market}T${randomBase32(10)}`;
    const days = seed.disbursedDaysAgo;
    const timing = days === undefined || plan.disbursedDaysAgo === null ? {} : { disbursedDaysAgo: days, appliedDaysAgo: days + 1 };
    const id = await insertOrder(
      tx,
      clock,
      borrower.id,
      orderNo,
      { ...plan, ...timing, isShow: seed.isShow ?? plan.isShow },
      borrower.isRepeatClient,
    );
    await accrueSeeded(tx, clock, [id]);
    return id;
  });

export interface SeedResult {
  seeded: boolean;
  orders: number;
}

export const hasBorrowers = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ n: count() }).from(borrowers);
  return (row?.n ?? 0) > 0;
};

const seedReference = async (tx: Db) => {
  await seedAcquisition(tx);
  await seedSupportCatalogue(tx);
};

/**
 * What the product needs in every environment, production included: problem types, the chatbot
 * tree, landing templates and the recommended catalogue. Until an operator console exists they
 * come from here (DESIGN §5); each part is added only while its tables are empty.
 */
export const seedReferenceData = (db: Db): Promise<void> => db.transaction(seedReference);

/** Binds the sandbox's demo card (4111 1111 1111 1111: asks for an SMS code, then succeeds) to a borrower, tokenised like bind-card does. */
export const bindSandboxCard = async (tx: Db, borrower: Pick<Borrower, 'id' | 'market' | 'name'>, fingerprintKey: string) => {
  const bank = cardBanks[borrower.market][0]!;
  const tokenised = sandboxCardToken(SANDBOX_DEMO_CARD);
  await tx.insert(bankCards).values({
    borrowerId: borrower.id,
    market: borrower.market,
    bankCode: bank.bankCode,
    bankName: bank.bankName,
    ...cardParts(SANDBOX_DEMO_CARD),
    holderName: borrower.name,
    gateway: SANDBOX_GATEWAY,
    gatewayToken: tokenised.token,
    requiresOtp: tokenised.requiresOtp,
    fingerprint: cardFingerprint(fingerprintKey, SANDBOX_DEMO_CARD),
  });
};

/** The market's single-repayment and installment products, as the demo seed saved them. */
const demoProducts = async (tx: Db, market: Market): Promise<[Product, Product]> => {
  const list = await tx
    .select()
    .from(products)
    .where(and(eq(products.market, market), eq(products.active, true)))
    .orderBy(asc(products.sortOrder), asc(products.id));
  const single = list.find((product) => product.periods === 1);
  const installments = list.find((product) => product.periods > 1);
  if (!single || !installments) throw new Error(`the ${market} demo products are missing: seed the demo data first`);
  return [single, installments];
};

const DEMO_PRINCIPAL: Record<Market, number> = { [Market.India]: 1_500_000, [Market.Indonesia]: 300_000_000 };

/** A mobile of the market in E.164, as every phone is stored: India +91 9 and 9 digits, Indonesia +62 8 and 10 digits. */
const randomPhone = (market: Market) => (market === Market.India ? `+919${randomDigits(9)}` : `+628${randomDigits(10)}`);

export interface FreshBorrower {
  borrower: Borrower;
  deviceId: string;
}

/**
 * A new borrower with one order in every status of DESIGN §4 and the sandbox's demo card bound:
 * tests that move money pay this borrower's orders and disturb nobody else's (GET /dev/session?fresh=1).
 */
/**
 * A new borrower with a bound sandbox card and the demo orders: one per status and a recent loan, or,
 * with `only`, the first demo order in that status alone (a borrower who can repay everything they owe).
 */
export const seedFreshBorrower = (
  db: Db,
  clock: Clock,
  market: Market,
  keys: SeedKeys,
  only?: OrderStatus,
  /** false: no identity check yet (the tests of the identity step) */
  identified = true,
): Promise<FreshBorrower> =>
  db.transaction(async (tx) => {
    const [single, installments] = await demoProducts(tx, market);
    const demo = DemoAccounts[market];
    let borrower: Borrower | undefined;
    while (!borrower) {
      [borrower] = await tx
        .insert(borrowers)
        .values({
          market,
          phone: randomPhone(market),
          name: demo.name,
          monthlySalaryMinor: demo.monthlySalaryMinor,
          isRepeatClient: true,
          ...STATED,
        })
        .onConflictDoNothing()
        .returning();
    }
    const tag = randomBase32(8);
    const ids: number[] = [];
    // after one order per status, a loan disbursed 10 days ago: nothing due, and prepayment opens only on day 46
    const every = demoPlans(single, installments, DEMO_PRINCIPAL[market]);
    const plans =
      only === undefined
        ? [...every, recentLoan(single, DEMO_PRINCIPAL[market])]
        : every.filter((plan) => plan.status === only).slice(0, 1);
    for (const [index, plan] of plans.entries()) {
      ids.push(
        await insertOrder(tx, clock, borrower.id, `KL${market}F${tag}${String(index + 1).padStart(2, '0')}`, plan, borrower.isRepeatClient),
      );
    }
    await accrueSeeded(tx, clock, ids);
    await bindSandboxCard(tx, borrower, keys.fingerprintKey);
    // who they are, verified as every demo borrower's is: the decision engine lends to no one else (decision 161)
    if (identified) await sandboxIdentity(tx, borrower, keys.encryptionKey);
    return { borrower, deviceId: `fresh-device-${tag.toLowerCase()}` };
  });

/**
 * The running server's keys the seed writes with: CARD_FINGERPRINT_KEY (a seeded card bound again is
 * recognised) and ACCOUNT_ENCRYPTION_KEY (the seeded identity numbers are sealed as the identity module seals them).
 */
export interface SeedKeys {
  fingerprintKey: string;
  encryptionKey: string;
}

export const seedKeysOf = (config: Pick<Config, 'payments' | 'disbursalAccounts'>): SeedKeys => ({
  fingerprintKey: config.payments.fingerprintKey,
  encryptionKey: config.disbursalAccounts.encryptionKey,
});

/** The demo borrowers, products and orders, written with the running server's keys. */
export const seedDemo = async (db: Db, clock: Clock, keys: SeedKeys): Promise<SeedResult> =>
  db.transaction(async (tx) => {
    await seedReference(tx);
    if (await hasBorrowers(tx)) {
      // a database seeded before the identity rule (decision 161): its demo borrowers get their identity once
      const phones = [Market.India, Market.Indonesia].flatMap((market) => [DemoAccounts[market].phone, OtherAccounts[market].phone]);
      for (const borrower of await tx.select().from(borrowers).where(inArray(borrowers.phone, phones))) {
        await sandboxIdentity(tx, borrower, keys.encryptionKey);
      }
      return { seeded: false, orders: 0 };
    }
    const ids: number[] = [];
    for (const market of [Market.India, Market.Indonesia]) {
      // saved through the products service: checked against the market's caps like any product
      const [single, installments] = await saveProducts(tx, productSeeds(market));
      const demo = DemoAccounts[market];
      const other = OtherAccounts[market];
      const [demoBorrower, otherBorrower] = await tx
        .insert(borrowers)
        .values([
          { market, phone: demo.phone, name: demo.name, monthlySalaryMinor: demo.monthlySalaryMinor, isRepeatClient: true, ...STATED },
          { market, phone: other.phone, name: other.name, monthlySalaryMinor: other.monthlySalaryMinor, ...STATED },
        ])
        .returning();
      const principal = DEMO_PRINCIPAL[market];
      // where their loans were sent (issue 28): each demo borrower's sandbox accounts
      await sandboxDisbursalAccounts(tx, demoBorrower!.id);
      await sandboxDisbursalAccounts(tx, otherBorrower!.id);
      for (const [index, plan] of demoPlans(single!, installments!, principal).entries()) {
        const orderNo = `KL${market}DEMO${String(index + 1).padStart(4, '0')}`;
        ids.push(await insertOrder(tx, clock, demoBorrower!.id, orderNo, plan, demoBorrower!.isRepeatClient));
      }
      const otherPlan = demoPlans(single!, installments!, principal).find((plan) => plan.status === OrderStatus.DueSoon)!;
      ids.push(await insertOrder(tx, clock, otherBorrower!.id, `KL${market}OTHER0001`, otherPlan, false));
      await bindSandboxCard(tx, demoBorrower!, keys.fingerprintKey);
      await bindSandboxCard(tx, otherBorrower!, keys.fingerprintKey);
      // and who they are (decision 161): a verified sandbox identity, as their validated accounts
      await sandboxIdentity(tx, demoBorrower!, keys.encryptionKey);
      await sandboxIdentity(tx, otherBorrower!, keys.encryptionKey);
      await seedSupport(tx, clock, market, { demo: demoBorrower!.id, other: otherBorrower!.id });
    }
    await accrueSeeded(tx, clock, ids);
    return { seeded: true, orders: ids.length };
  });
