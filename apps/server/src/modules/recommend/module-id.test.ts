import { RecommendModule } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moduleIdForScene } from './module-id.js';

describe('module ids of recommended products (spec §9)', () => {
  it.each(['banner', 'popup', 'banner_precise', 'popup-precise', 'HOME_BANNER'])(
    'gives 301 to the banner or popup precise scene %s',
    (scene) => {
      expect(moduleIdForScene(scene)).toBe(301);
    },
  );

  it.each(['bag', 'bag_loan_more', 'wallet-bag', 'BAG'])('gives 302 to the bag scene %s', (scene) => {
    expect(moduleIdForScene(scene)).toBe(302);
  });

  it.each(['relevant', 'joint_login', 'loan_details', 'handbagger', 'bannerless'])('gives 300 to any other scene, such as %s', (scene) => {
    expect(moduleIdForScene(scene)).toBe(300);
  });

  it('answers one of 300, 301 and 302 for any scene', () => {
    fc.assert(
      fc.property(fc.string(), (scene) => {
        expect([RecommendModule.other, RecommendModule.precise, RecommendModule.bag]).toContain(moduleIdForScene(scene));
      }),
    );
  });
});
