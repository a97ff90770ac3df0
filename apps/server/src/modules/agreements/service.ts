/**
 * Agreements of a product (spec §7 contract, scene 3) and links to one of them rendered with the
 * borrower's data (contract-jump). A link is a random token, stored hashed, valid for a day.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_PREFIX, Market, type MessageKey } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type agreementLinks as AgreementLinksTable, agreementLinks, type LoanProposal, loanProposals } from '../../db/schema.js';
import type { Clock } from '../../lending/clock.js';

export const AGREEMENT_ROUTE = `${API_PREFIX}/agreements`;
const LINK_TTL_MS = 24 * 3600 * 1000;

export type AgreementLink = typeof AgreementLinksTable.$inferSelect;

/** Positions of a market's agreements: 0 the loan agreement; India adds its key fact statement. */
export const agreementsOf = (market: Market): { position: number; titleKey: MessageKey }[] => [
  { position: 0, titleKey: 'loanAgreementTitle' },
  ...(market === Market.India ? [{ position: 1, titleKey: 'loanKeyFactTitle' as const }] : []),
];

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export class AgreementsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A link to the agreement at `position`, for this borrower, product and (when given) order. */
  async link(
    borrowerId: number,
    productId: number,
    orderId: number | null,
    position: number,
    options: { proposalNo?: string; ttlMs?: number; tx?: Db } = {},
  ): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await (options.tx ?? this.db).insert(agreementLinks).values({
      tokenHash: hash(token),
      borrowerId,
      productId,
      orderId,
      position,
      proposalNo: options.proposalNo ?? null,
      expiresAt: new Date(this.clock.now().getTime() + (options.ttlMs ?? LINK_TTL_MS)),
    });
    return `${AGREEMENT_ROUTE}/${token}`;
  }

  /** The link a token names while it is valid; null for an unknown or expired one. */
  /** The borrower's proposal of this number (decision 150); null for anyone else's. */
  async proposal(proposalNo: string, borrowerId: number): Promise<LoanProposal | null> {
    const [row] = await this.db
      .select()
      .from(loanProposals)
      .where(and(eq(loanProposals.proposalNo, proposalNo), eq(loanProposals.borrowerId, borrowerId)))
      .limit(1);
    return row ?? null;
  }

  async resolve(token: string): Promise<AgreementLink | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
    const [row] = await this.db
      .select()
      .from(agreementLinks)
      .where(eq(agreementLinks.tokenHash, hash(token)))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    return row;
  }
}
