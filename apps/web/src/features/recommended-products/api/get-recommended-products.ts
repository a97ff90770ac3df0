import { callApi, useApiQuery } from '@/shared/http/api-client';

/** The recommended products of a scene, with the scene's module id (spec §7, §9). */
export const getRecommendedProducts = (scene: string) => callApi('recommendedProducts', { scene });

export const useRecommendedProducts = (scene: string) => useApiQuery('recommendedProducts', { scene });
