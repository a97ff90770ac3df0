/**
 * The SMS that tells a borrower their loan is closed, with the link to its closure letter (issue 49,
 * decision 224). Posted in the transaction that closes the loan, once: only when the closing row was
 * posted (its own idempotency key), so a replayed payment, write-off or settlement sends nothing twice.
 * The link is the app's page of the letter (absolute: the configured public base URL): it opens in
 * the borrower's session, as the statement does, so no credential travels in a text message.
 */
import { interpolate, localeOf } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers, type Order } from '../../db/schema.js';
import { textIn } from '../../http/language.js';
import type { SmsProvider } from '../sms/sms-provider.js';

/** Told of an order just closed, in the transaction that closed it. */
export type ClosureNotice = (tx: Db, order: Pick<Order, 'id' | 'borrowerId' | 'productId' | 'orderNo' | 'market'>) => Promise<void>;

/** The closure letter's page in the app, absolute. */
export const closureLetterLink = (publicBaseUrl: string, order: Pick<Order, 'id' | 'productId'>): string =>
  `${publicBaseUrl}/closureLetter?${new URLSearchParams({ productId: String(order.productId), orderId: String(order.id) })}`;

export const closureSms =
  (publicBaseUrl: string, sms: Pick<SmsProvider, 'send'>): ClosureNotice =>
  async (tx, order) => {
    const [borrower] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, order.borrowerId)).limit(1);
    if (!borrower) return;
    const body = interpolate(textIn(localeOf(order.market), 'smsLoanClosed'), {
      orderNo: order.orderNo,
      link: closureLetterLink(publicBaseUrl, order),
    });
    await sms.send({ market: order.market, phone: borrower.phone, purpose: 'closure', body }, tx);
  };
