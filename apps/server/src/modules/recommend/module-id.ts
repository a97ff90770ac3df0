/** Module ids of recommended products (spec §9): 301 for the banner and popup (precise) scenes, 302 for bag scenes, 300 otherwise. */
import { RecommendModule } from '@kilat/contract';

/** Scenes the seed catalogue uses; any other scene is allowed and simply has no products until some are configured. */
export const RecommendScene = {
  list: 'relevant',
  banner: 'banner',
  popup: 'popup',
  bag: 'bag',
  jointLogin: 'joint_login',
} as const;

const wordsOf = (scene: string) => scene.toLowerCase().split(/[^a-z0-9]+/);

export const moduleIdForScene = (scene: string): number => {
  const words = wordsOf(scene);
  if (words.includes('bag')) return RecommendModule.bag;
  if (words.includes('banner') || words.includes('popup')) return RecommendModule.precise;
  return RecommendModule.other;
};
