/** Agreements (spec §7): the list of scene 3, and the URL of one rendered with the borrower's data. */
import { CONTRACT_SCENE, ResultCode } from '@kilat/contract';
import { AppError } from '../../http/app-error.js';
import type { CallHandlers } from '../../http/contract-route.js';
import { messageFor } from '../../http/language.js';
import type { OrdersService } from '../orders/service.js';
import type { ProductsService } from '../products/service.js';
import { type AgreementsService, agreementsOf } from './service.js';

export const agreementHandlers = (contracts: AgreementsService, products: ProductsService, orders: OrdersService): CallHandlers => ({
  // scene is the literal '3' in the contract schema: anything else is a 400 before this runs
  contracts: async ({ input, borrower, request }) => {
    const { market } = borrower;
    if (!(await products.findActive(market, input.productId))) throw AppError.notFound();
    return { list: agreementsOf(market).map(({ position, titleKey }) => ({ title: messageFor(request, titleKey), position })) };
  },

  contractJump: async ({ input, borrower }) => {
    const { id, market } = borrower;
    if (input.scene !== CONTRACT_SCENE) throw AppError.invalid('scene');
    if (!agreementsOf(market).some((agreement) => agreement.position === input.position)) throw AppError.invalid('position');
    const product = await products.findActive(market, input.productId);
    if (!product) throw AppError.notFound();
    let orderId: number | null = null;
    if (input.orderId) {
      const order = await orders.requireOwned(id, input.orderId);
      if (order.productId !== product.id) throw new AppError(ResultCode.InvalidRequest, 'loanProductMismatch', 400);
      orderId = order.id;
    }
    // before an order, the proposal loan confirm shows names the amount and term (issue 48); someone else's is refused
    let proposalNo: string | undefined;
    if (!orderId && input.proposalNo) {
      const proposal = await contracts.proposal(input.proposalNo, id);
      if (!proposal || proposal.productId !== product.id) throw AppError.invalid('proposalNo');
      proposalNo = proposal.proposalNo;
    }
    return { contract_url: await contracts.link(id, product.id, orderId, input.position, proposalNo ? { proposalNo } : {}) };
  },
});
