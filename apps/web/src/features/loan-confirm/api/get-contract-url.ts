import { CONTRACT_SCENE } from '@kilat/contract';
import { callApi } from '@/shared/http/api-client';

/** The URL of one agreement, rendered with the borrower's data (spec §7 contract-jump). */
export const getContractUrl = (productId: string, position: number, orderId: string) =>
  callApi('contractJump', { productId, scene: CONTRACT_SCENE, position, orderId: orderId || undefined }, { loading: true });
