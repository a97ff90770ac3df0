/**
 * The products screen's catalogue and landing templates (issue 31 item 3, decision 167): the
 * recommended-products catalogue of spec §3/§7 (scenes with their module ids of spec §9, products
 * with their button status) and the promotion landing templates. The schemas hold the form of each
 * field; the rules between fields are the server's, each broken one named.
 */
import { z } from 'zod';

const market = z.enum(['IN', 'ID']);
const text = (max: number) => z.string().trim().min(1).max(max);

/** A scene's name as pages send it (`scene` of spec §7): lowercase letters, digits, `_` and `-`. */
export const SceneNameSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, _ and -, 1 to 40');
export const SceneParamsSchema = z.object({ id: SceneNameSchema });

/** A scene and the module id its lists and applications report (spec §9: 300, 301 or 302). */
export const RecommendSceneRequestSchema = z.object({
  moduleId: z.number().int(),
  description: z.string().trim().max(200).default(''),
});
export type RecommendSceneRequest = z.input<typeof RecommendSceneRequestSchema>;

/** A partner product of the recommended-products catalogue, in its market's language (spec §3). */
export const CatalogueProductRequestSchema = z.object({
  market,
  /** fixed once the product exists: events and applications name it */
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/, 'capital letters, digits and hyphens, 2 to 40'),
  name: text(80),
  /** an image of this site (/logos/…) or an https address */
  logoUrl: text(300),
  /** the range label, range description and rate figure, as the partner states them */
  amountRange: text(80),
  amountRangeDes: text(80),
  loanRate: text(80),
  description: z.string().trim().max(200).default(''),
  tags: z.array(text(30)).max(5).default([]),
  buttonText: text(40),
  /** 1 the borrower may apply, 0 the button is grey and nothing opens (spec §3) */
  buttonStatus: z.number().int(),
  /** an https address the page opens, or an address of the app (kilat://…) handed to the native bridge (spec §7) */
  target: text(300),
  scenes: z.array(SceneNameSchema).max(20),
  sortOrder: z.number().int().min(0).max(1000).default(0),
  /** shown in its scenes at all */
  active: z.boolean(),
});
export type CatalogueProductRequest = z.input<typeof CatalogueProductRequestSchema>;

/** A landing template (spec §3 landing config), by the id the promotion pages' links carry. */
export const LandingTemplateIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,63}$/, 'letters, digits, _ and -, 2 to 64');
export const LandingTemplateParamsSchema = z.object({ id: LandingTemplateIdSchema });

export const LandingTemplateRequestSchema = z.object({
  id: LandingTemplateIdSchema,
  market,
  /** the channel (user_from) it is made for */
  channel: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, _ and -, 1 to 40'),
  title: text(120),
  subtitle: z.string().trim().max(300).default(''),
  /** top to bottom; each an image of this site (/banners/…) or an https address */
  images: z.array(text(300)).max(10),
  backgroundColor: z.string().trim().max(20),
  textColor: z.string().trim().max(20),
  buttonColor: z.string().trim().max(20),
  buttonText: text(40),
  agreements: z.array(z.object({ title: text(80), url: text(300) })).max(5),
  /** where the download page sends the borrower for the app; empty for the market's store */
  downloadUrl: z.string().trim().max(300).default(''),
  active: z.boolean(),
});
export type LandingTemplateRequest = z.input<typeof LandingTemplateRequestSchema>;

export interface RecommendSceneView {
  scene: string;
  moduleId: number;
  description: string;
  /** the catalogue's products shown in it, of both markets */
  products: number;
}

export interface CatalogueProductView {
  id: number;
  market: 'IN' | 'ID';
  code: string;
  name: string;
  logoUrl: string;
  amountRange: string;
  amountRangeDes: string;
  loanRate: string;
  description: string;
  tags: string[];
  buttonText: string;
  buttonStatus: number;
  target: string;
  scenes: string[];
  sortOrder: number;
  active: boolean;
}

export interface CatalogueView {
  scenes: RecommendSceneView[];
  products: CatalogueProductView[];
}

export interface LandingTemplateView {
  id: string;
  market: 'IN' | 'ID';
  channel: string;
  title: string;
  subtitle: string;
  images: string[];
  backgroundColor: string;
  textColor: string;
  buttonColor: string;
  buttonText: string;
  agreements: { title: string; url: string }[];
  downloadUrl: string;
  active: boolean;
}
