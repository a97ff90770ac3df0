/** The recommended-products calls of spec §7: the list of a scene, page events, and apply. */
import { ResultCode } from '@kilat/contract';
import { AppError } from '../../http/app-error.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { RecommendRepository } from './repository.js';

export const productUnavailable = () => new AppError(ResultCode.InvalidRequest, 'productUnavailable', 400);

export const recommendHandlers = (repository: RecommendRepository): CallHandlers => ({
  recommendedProducts: async ({ input, borrower }) => {
    const [rows, moduleId] = await Promise.all([repository.listForScene(borrower.market, input.scene), repository.moduleIdOf(input.scene)]);
    return {
      moduleId,
      list: rows.map((row) => ({
        id: String(row.id),
        productLogo: row.logoUrl,
        productName: row.name,
        amountRange: row.amountRange,
        amountRangeDes: row.amountRangeDes,
        loan_rate: row.loanRate,
        productDesc: row.description,
        productTags: row.tags,
        buttonText: row.buttonText,
        buttonStatus: row.buttonStatus,
      })),
    };
  },

  pageEvent: async ({ input, borrower }) => {
    const product = await repository.findProduct(borrower.market, input.productId);
    if (!product) throw AppError.notFound();
    await repository.insertEvent({
      kind: 'page_event',
      borrowerId: borrower.id,
      productId: product.id,
      moduleId: input.moduleId,
      positionId: input.positionId,
    });
    return null;
  },

  productApply: async ({ input, borrower }) => {
    // the list told the page its scene's module id; another one is a page that got it wrong
    if (input.module_id !== (await repository.moduleIdOf(input.scene))) throw AppError.invalid('module_id');
    const product = await repository.findProduct(borrower.market, input.product_id);
    if (!product) throw AppError.notFound();
    if (product.buttonStatus !== 1) throw productUnavailable();
    await repository.insertEvent({
      kind: 'apply',
      borrowerId: borrower.id,
      productId: product.id,
      moduleId: input.module_id,
      scene: input.scene,
    });
    return { url: product.target };
  },
});
