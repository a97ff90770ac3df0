import { CONTRACT_SCENE } from '@kilat/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

// the contract call takes the scene as the string '3' (spec §7)
const SCENE = `${CONTRACT_SCENE}` as const;

/** The agreements of a product, scene 3 (spec §7 contract). */
export const contractsQuery = (productId: string) => apiQueryOptions('contracts', { productId, scene: SCENE }, { retry: false });

export const useContracts = (productId: string) => useQuery(contractsQuery(productId));
