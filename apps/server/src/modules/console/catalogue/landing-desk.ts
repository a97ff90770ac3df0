/**
 * The promotion landing templates on the products screen (issue 31 item 3, decision 167): the page
 * a channel's link opens (spec §3 landing config, §7 channel-template), its texts, images, colours,
 * agreements and download address. Every save is checked against the rules below; one that breaks
 * any is refused naming each, and nothing is written. Each change is audited in its own transaction
 * with the template before and after; the channel-template call reads the same table, so a change
 * reaches the next visitor.
 */
import type { LandingTemplateRequest, LandingTemplateView } from '@kilat/contract/console';
import type { Db } from '../../../db/database.js';
import type { LandingTemplate } from '../../../db/schema.js';
import type { PromotionRepository } from '../../promotion/repository.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { Actor } from '../shared/session.js';
import { isHttps, isSitePath, rulesRefusal } from './catalogue-desk.js';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The relative luminance of a #rgb or #rrggbb colour (WCAG 2.1). */
const luminance = (hex: string): number => {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** The WCAG 2.1 contrast ratio of two hex colours. */
export const contrastRatio = (a: string, b: string): number => {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/** WCAG 2.1 AA for normal text. */
const AA_CONTRAST = 4.5;

/** Every rule a landing template breaks, in words. */
export const templateRulesBroken = (template: LandingTemplateRequest): string[] => {
  const broken: string[] = [];
  const colours = [
    ['background colour', template.backgroundColor],
    ['text colour', template.textColor],
    ['button colour', template.buttonColor],
  ] as const;
  for (const [name, colour] of colours) {
    if (!HEX.test(colour)) broken.push(`The ${name} must be a hex colour such as #ffd21f; found '${colour}'.`);
  }
  if (HEX.test(template.backgroundColor) && HEX.test(template.textColor)) {
    const ratio = contrastRatio(template.textColor, template.backgroundColor);
    if (ratio < AA_CONTRAST) {
      broken.push(
        `The text colour ${template.textColor} on the background ${template.backgroundColor} has a contrast of ${ratio.toFixed(1)}:1, ` +
          `below WCAG AA's ${AA_CONTRAST}:1: borrowers could not read the page.`,
      );
    }
  }
  for (const [index, image] of template.images.entries()) {
    if (!isSitePath(image) && !isHttps(image)) {
      broken.push(`Image ${index + 1} must be an image of this site (/banners/…) or an https:// address; found '${image}'.`);
    }
  }
  for (const [index, agreement] of template.agreements.entries()) {
    if (!isSitePath(agreement.url) && !isHttps(agreement.url)) {
      broken.push(
        `Agreement ${index + 1} (${agreement.title}) must link to a page of this site (/privacyPolicy) or an https:// address; found '${agreement.url}'.`,
      );
    }
  }
  const download = template.downloadUrl ?? '';
  if (download !== '' && !isHttps(download)) {
    broken.push(
      `The download address must be an https:// address (an app store's page), or empty for the market's store; found '${download}'.`,
    );
  }
  return broken;
};

export const landingTemplateView = (row: LandingTemplate): LandingTemplateView => ({
  id: row.id,
  market: row.market,
  channel: row.channel,
  title: row.title,
  subtitle: row.subtitle,
  images: row.images,
  backgroundColor: row.backgroundColor,
  textColor: row.textColor,
  buttonColor: row.buttonColor,
  buttonText: row.buttonText,
  agreements: row.agreements,
  downloadUrl: row.downloadUrl,
  active: row.active,
});

export class LandingDesk {
  constructor(
    private readonly db: Db,
    private readonly promotion: PromotionRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<LandingTemplateView[]> {
    return (await this.promotion.listTemplates()).map(landingTemplateView);
  }

  /** Adds a template (id null: the body names it) or changes the one of that id; its id and market stay. */
  async save(actor: Actor, id: string | null, request: LandingTemplateRequest): Promise<LandingTemplateView> {
    const broken = templateRulesBroken(request);
    if (broken.length > 0) throw rulesRefusal('The landing template breaks a rule:', broken);
    const input = {
      id: request.id,
      market: request.market,
      channel: request.channel,
      title: request.title,
      subtitle: request.subtitle ?? '',
      images: request.images,
      backgroundColor: request.backgroundColor.toLowerCase(),
      textColor: request.textColor.toLowerCase(),
      buttonColor: request.buttonColor.toLowerCase(),
      buttonText: request.buttonText,
      agreements: request.agreements,
      downloadUrl: request.downloadUrl ?? '',
      active: request.active,
    };
    return this.db.transaction(async (tx) => {
      const before = id === null ? null : await this.promotion.findTemplateForChange(id, tx);
      if (id !== null && !before) throw ConsoleError.notFound();
      if (before && (before.id !== input.id || before.market !== input.market)) {
        throw ConsoleError.invalid('id and market cannot change once a template exists');
      }
      const saved = before ? await this.promotion.changeTemplate(input, tx) : await this.promotion.addTemplate(input, tx);
      if (!saved) throw ConsoleError.conflict(`A landing template ${input.id} already exists.`);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: before ? 'landing-template.change' : 'landing-template.add',
        targetType: 'landing_template',
        targetId: saved.id,
        before: before ? landingTemplateView(before) : null,
        after: landingTemplateView(saved),
        requestId: actor.requestId,
      });
      return landingTemplateView(saved);
    });
  }
}
