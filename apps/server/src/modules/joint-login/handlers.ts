/** The joint-login-failure calls of spec §7: alternatives after a failed joint login, the tap event, and apply. */
import { RecommendModule } from '@kilat/contract';
import { AppError } from '../../http/app-error.js';
import type { CallHandlers } from '../../http/contract-route.js';
import { messageFor, requestMarket } from '../../http/language.js';
import { asDetailProduct } from '../recommend/detail-product.js';
import { productUnavailable } from '../recommend/handlers.js';
import { RecommendScene } from '../recommend/module-id.js';
import type { RecommendRepository } from '../recommend/repository.js';

export const jointLoginHandlers = (catalogue: RecommendRepository): CallHandlers => ({
  // approaches names the product whose joint login failed: it is not offered again
  jointLoginFailure: async ({ input, request }) => {
    const rows = await catalogue.listForScene(requestMarket(request), RecommendScene.jointLogin);
    return {
      headline: messageFor(request, 'jointLoginHeadline'),
      notice: messageFor(request, 'jointLoginNotice'),
      list: rows.filter((row) => String(row.id) !== input.approaches).map(asDetailProduct),
    };
  },

  jointLoginProductEvent: async ({ input, request }) => {
    const product = await catalogue.findProduct(requestMarket(request), input.approaches);
    if (!product) throw AppError.notFound();
    await catalogue.insertJointLoginEvent({ productId: product.id, source: RecommendModule.necessityConstant, position: input.position });
    return null;
  },

  jointLoginApply: async ({ input, request }) => {
    const product = await catalogue.findProduct(requestMarket(request), input.productId);
    if (!product) throw AppError.notFound();
    if (product.buttonStatus !== 1) throw productUnavailable();
    return { url: product.target };
  },
});
