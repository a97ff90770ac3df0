import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** The recommended products of a scene, with the scene's module id (spec §7, §9). */
export const recommendedProductsQuery = (scene: string) => apiQueryOptions('recommendedProducts', { scene });

export const useRecommendedProducts = (scene: string) => useQuery(recommendedProductsQuery(scene));
