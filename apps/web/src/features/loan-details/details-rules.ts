import { actionsOf, Limits, OrderStatus } from '@kilat/contract';
import status21 from './assets/status-21.svg';
import status110 from './assets/status-110.svg';
import status151 from './assets/status-151.svg';
import status170 from './assets/status-170.svg';
import status174 from './assets/status-174.svg';
import status180 from './assets/status-180.svg';
import status200 from './assets/status-200.svg';

const statusImages: Partial<Record<number, string>> = {
  [OrderStatus.UnderReview]: status21,
  [OrderStatus.Disbursing]: status151,
  [OrderStatus.DueSoon]: status174,
  [OrderStatus.Overdue]: status180,
  [OrderStatus.Rejected]: status110,
  [OrderStatus.Settled]: status200,
  // ours (issue 30, decision 144): a loan paid out and running, or closed early, is not 'under review'
  [OrderStatus.Disbursed]: status170,
  [OrderStatus.InstallmentPartlyPaid]: status170,
  [OrderStatus.Extended]: status170,
  [OrderStatus.ClosedEarly]: status200,
};

/**
 * The status image of spec §2: 21, 151, 174, 180, 110 and 200 have their own; a running loan (170,
 * 3, 5) shows the money received and one closed early (4) the repaid image (decision 144); any other
 * code falls back to the 21 image.
 */
export const statusImageFor = (orderStatus: number): string => statusImages[orderStatus] ?? status21;

export interface DetailButtons {
  repay: boolean;
  /** the 'delay repayment' link */
  delay: boolean;
  loanMore: boolean;
}

/**
 * The button area by order status (spec §4, DESIGN §4): 174, 180, 3 and 5 repay, plus the
 * 'delay repayment' link when isDelay is 1; 170 repay only; 200 and 4 'loan more' unless the server
 * says `loanMore: 0` (a written-off loan, decision 170); others none.
 */
export const buttonsFor = (orderStatus: number, isDelay: number, loanMore?: number): DetailButtons => {
  const actions = actionsOf(orderStatus);
  return { repay: actions.repay, delay: actions.extend && isDelay === 1, loanMore: actions.loanMore && loanMore !== 0 };
};

/** The rating modal opens on load when isScore is the string '1' (spec §4). */
export const opensRatingOnLoad = (isScore: string): boolean => isScore === '1';

/** After a sent rating: 4 or 5 stars ask the native store prompt, fewer open the thank-you modal (spec §4). */
export const afterRating = (stars: number): 'store-prompt' | 'thank-you' =>
  stars >= Limits.storeRatingMinStars ? 'store-prompt' : 'thank-you';

/** A target the server returned: a web URL is opened directly, anything else goes to the native bridge (spec §7). */
export const isWebUrl = (url: string): boolean => /^https?:\/\//i.test(url.trim());

/** The shared request parameters the repay and repay-delay pages read (spec §4 navigation). */
export const withOrder = (path: string, productId: string, orderId: string): string =>
  `${path}?${new URLSearchParams({ productId, orderId })}`;

/** Where repay goes: h5Url when it is not empty, otherwise the repay page with the shared params (spec §4). */
export const repayTarget = (h5Url: string, repayPath: string, productId: string, orderId: string): string =>
  h5Url.trim() !== '' ? h5Url.trim() : withOrder(repayPath, productId, orderId);
