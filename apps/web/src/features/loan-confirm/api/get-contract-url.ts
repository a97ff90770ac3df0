import { CONTRACT_SCENE } from '@kilat/contract';
import { callApi } from '@/shared/http/api-client';

/** The URL of one agreement, rendered with the borrower's data and the proposal on screen (spec §7 contract-jump; issue 48). */
export const getContractUrl = (productId: string, position: number, orderId: string, proposalNo?: string) =>
  callApi(
    'contractJump',
    { productId, scene: CONTRACT_SCENE, position, orderId: orderId || undefined, proposalNo: orderId ? undefined : proposalNo },
    { loading: true },
  );
