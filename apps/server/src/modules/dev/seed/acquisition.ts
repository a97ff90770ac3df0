/**
 * Demo acquisition data: a landing template per market and channel, and the recommended-products
 * catalogue of each market (scenes of ../modules/recommend/module-id.ts). Each table is seeded
 * only while it is empty, so a database seeded before these tables existed gets them too.
 */
import { formatMoney, formatRate, interpolate, Market } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { count } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { landingTemplates, recommendedProducts } from '../../../db/schema.js';
import { bannerUrl, logoUrlOf } from './art.js';
import recommendedCatalogue from './recommended-products.json' with { type: 'json' };

// environment colours of spec §3: yellow background, dark text, green links and buttons
const colours = { backgroundColor: '#ffd21f', textColor: '#1f1f1f', buttonColor: '#1f9d55' };
const DOWNLOAD_URL = 'https://play.google.com/store/apps/details?id=com.kilat.loan';

/** A product's amount range and daily rate, written by the one formatter of the market (decision 055). */
const rangeOf = (market: Market, minWhole: number, maxWhole: number) =>
  `${formatMoney(minWhole * 100, market)} – ${formatMoney(maxWhole * 100, market)}`;
const dailyRateOf = (market: Market, bps: number) =>
  interpolate((market === Market.India ? enIN : idID).loanDailyRate, { rate: formatRate(bps, market) });

export const DemoTemplates = {
  [Market.India]: { facebook: 'IN-FB-01', google: 'IN-GG-01' },
  [Market.Indonesia]: { facebook: 'ID-FB-01', tiktok: 'ID-TT-01' },
} as const;

/** A market's landing template: its texts, the two agreements, the app download and the colours. */
const marketTemplate = <M extends Market>(
  market: M,
  texts: { title: string; subtitle: string; buttonText: string; privacy: string; terms: string },
) => ({
  market,
  title: texts.title,
  subtitle: texts.subtitle,
  buttonText: texts.buttonText,
  agreements: [
    { title: texts.privacy, url: '/privacyPolicy' },
    { title: texts.terms, url: '/loanTerms' },
  ],
  downloadUrl: DOWNLOAD_URL,
  ...colours,
});

const indiaTemplate = marketTemplate(Market.India, {
  title: `Instant loans from ${formatMoney(200_000, Market.India)} to ${formatMoney(8_000_000, Market.India)}`,
  subtitle: `Money in your account within 2 hours. For salaried people earning ${formatMoney(1_200_000, Market.India)} and above.`,
  buttonText: 'Apply',
  privacy: 'Privacy Policy',
  terms: 'Loan Terms And Conditions',
});

const indonesiaTemplate = marketTemplate(Market.Indonesia, {
  title: `Pinjaman ${formatMoney(100_000_000, Market.Indonesia)} sampai ${formatMoney(1_500_000_000, Market.Indonesia)}`,
  subtitle: `Cair cepat. Untuk penghasilan tahunan mulai ${formatMoney(500_000_000, Market.Indonesia)}.`,
  buttonText: 'Ajukan',
  privacy: 'Kebijakan Privasi',
  terms: 'Syarat dan Ketentuan Pinjaman',
});

/** A market's template on one channel, with its banners by name. */
const templateSeed = (
  base: ReturnType<typeof marketTemplate>,
  id: string,
  channel: string,
  banners: Parameters<typeof bannerUrl>[0][],
): typeof landingTemplates.$inferInsert => ({ ...base, id, channel, images: banners.map((name) => bannerUrl(name)) });

const templateSeeds: (typeof landingTemplates.$inferInsert)[] = [
  templateSeed(indiaTemplate, DemoTemplates.IN.facebook, 'facebook', ['fast-loan']),
  templateSeed(indiaTemplate, DemoTemplates.IN.google, 'google', ['salary-day', 'repay-flexible']),
  templateSeed(indonesiaTemplate, DemoTemplates.ID.facebook, 'facebook', ['fast-loan']),
  templateSeed(indonesiaTemplate, DemoTemplates.ID.tiktok, 'tiktok', ['salary-day', 'repay-flexible']),
];

/** The partner products of each market; their amounts and rates are written here by the market's formatter. */
const catalogueSeeds: (typeof recommendedProducts.$inferInsert)[] = recommendedCatalogue.map(
  ({ amountWhole: [minWhole, maxWhole], dailyRateBps, ...product }) => {
    const market = product.market as Market;
    return {
      ...product,
      market,
      logoUrl: logoUrlOf(product.code),
      amountRange: rangeOf(market, minWhole!, maxWhole!),
      loanRate: dailyRateOf(market, dailyRateBps),
    };
  },
);

const isEmpty = async (db: Db, table: typeof landingTemplates | typeof recommendedProducts) =>
  ((await db.select({ n: count() }).from(table))[0]?.n ?? 0) === 0;

export const seedAcquisition = async (db: Db): Promise<void> => {
  if (await isEmpty(db, landingTemplates)) await db.insert(landingTemplates).values(templateSeeds);
  if (await isEmpty(db, recommendedProducts)) await db.insert(recommendedProducts).values(catalogueSeeds);
};
