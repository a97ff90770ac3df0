/**
 * The recommended-products catalogue on the products screen (issue 31 item 3, decision 167): its
 * scenes with the module id each reports (spec §9), and its partner products with their scenes and
 * button status (spec §3, §7). Every save is checked against the rules below; one that breaks any
 * is refused naming each, and nothing is written. Each change is audited in its own transaction with
 * the row before and after. The borrower's list and apply calls read the same tables, so a change
 * reaches borrowers at their next call.
 */
import { RecommendModule } from '@kilat/contract';
import type {
  CatalogueProductRequest,
  CatalogueProductView,
  CatalogueView,
  RecommendSceneRequest,
  RecommendSceneView,
} from '@kilat/contract/console';
import type { Db } from '../../../db/database.js';
import type { RecommendedProductRow, RecommendSceneRow } from '../../../db/schema.js';
import { moduleIdForScene, RecommendScene } from '../../recommend/module-id.js';
import type { RecommendRepository } from '../../recommend/repository.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { Actor } from '../shared/session.js';

const MODULE_IDS: readonly number[] = [RecommendModule.other, RecommendModule.precise, RecommendModule.bag];

/** A refusal naming every rule the change breaks. */
export const rulesRefusal = (what: string, broken: readonly string[]) => new ConsoleError('40000', `${what} ${broken.join(' ')}`, 400);

/** An address a page may open itself: https only (a plain http page would be read and changed on the way). */
export const isHttps = (url: string) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(url);
/** A file of this site, such as /logos/… or /banners/…: a path, never another host (`//host`). */
export const isSitePath = (url: string) => /^\/(?!\/)[^\s]*$/.test(url);
/** An address of the app, handed to the native bridge (spec §7 apply: anything that does not start with http). */
const isAppAddress = (url: string) => /^kilat:\/\/[^\s]+$/.test(url);

/** The module id spec §9 fixes for a scene by its name, or null when the name leaves it to the operator. */
const namedModuleId = (scene: string): number | null => {
  const byName = moduleIdForScene(scene);
  return byName === RecommendModule.other ? null : byName;
};

/** Every rule of spec §9 a scene's module id breaks, in words. */
export const sceneRulesBroken = (scene: string, moduleId: number): string[] => {
  if (!MODULE_IDS.includes(moduleId))
    return [`The module id must be 300 (other scenes), 301 (precise: banner, popup) or 302 (bag) (spec §9); found ${moduleId}.`];
  // loan details shows the list's products and reports its taps' events as module 300 itself (spec §7, §9)
  if (scene === RecommendScene.list && moduleId !== RecommendModule.other) {
    return [`'${scene}' is also loan details' list, whose taps report module 300 (spec §7, §9): it stays 300.`];
  }
  const named = namedModuleId(scene);
  if (named !== null && named !== moduleId) {
    return [
      named === RecommendModule.bag
        ? `A bag scene reports module 302 (spec §9): '${scene}' names a bag, so it cannot be ${moduleId}.`
        : `A banner or popup scene is a precise scene and reports module 301 (spec §9): '${scene}' cannot be ${moduleId}.`,
    ];
  }
  return [];
};

/** Every rule a catalogue product breaks, in words; the known scenes are the catalogue's. */
export const productRulesBroken = (product: CatalogueProductRequest, knownScenes: ReadonlySet<string>): string[] => {
  const broken: string[] = [];
  if (product.buttonStatus !== 0 && product.buttonStatus !== 1) {
    broken.push(`The button status is 1 (the borrower may apply) or 0 (grey, nothing opens) (spec §3); found ${product.buttonStatus}.`);
  }
  if (!isHttps(product.target) && !isAppAddress(product.target)) {
    broken.push(
      `The target must be an https:// address the page opens or an address of the app (kilat://…) (spec §7); found '${product.target}'.`,
    );
  }
  if (!isSitePath(product.logoUrl) && !isHttps(product.logoUrl)) {
    broken.push(`The logo must be an image of this site (/logos/…) or an https:// address; found '${product.logoUrl}'.`);
  }
  const unknown = product.scenes.filter((scene) => !knownScenes.has(scene));
  for (const scene of new Set(unknown)) {
    broken.push(`'${scene}' is not a scene of the catalogue (${[...knownScenes].join(', ')}): add the scene first.`);
  }
  if (product.active && product.scenes.length === 0) {
    broken.push('A product that is shown needs at least one scene to be shown in.');
  }
  return broken;
};

const sceneView = (row: RecommendSceneRow, products: readonly RecommendedProductRow[]): RecommendSceneView => ({
  scene: row.scene,
  moduleId: row.moduleId,
  description: row.description,
  products: products.filter((product) => product.scenes.includes(row.scene)).length,
});

export const catalogueProductView = (row: RecommendedProductRow): CatalogueProductView => ({
  id: row.id,
  market: row.market,
  code: row.code,
  name: row.name,
  logoUrl: row.logoUrl,
  amountRange: row.amountRange,
  amountRangeDes: row.amountRangeDes,
  loanRate: row.loanRate,
  description: row.description,
  tags: row.tags,
  buttonText: row.buttonText,
  buttonStatus: row.buttonStatus,
  target: row.target,
  scenes: row.scenes,
  sortOrder: row.sortOrder,
  active: row.active,
});

export class CatalogueDesk {
  constructor(
    private readonly db: Db,
    private readonly catalogue: RecommendRepository,
    private readonly audit: AuditLog,
  ) {}

  async view(): Promise<CatalogueView> {
    const [scenes, products] = await Promise.all([this.catalogue.listScenes(), this.catalogue.listAll()]);
    return { scenes: scenes.map((scene) => sceneView(scene, products)), products: products.map(catalogueProductView) };
  }

  /** Adds a scene or changes its module id and description. */
  async saveScene(actor: Actor, scene: string, request: RecommendSceneRequest): Promise<RecommendSceneView> {
    const broken = sceneRulesBroken(scene, request.moduleId);
    if (broken.length > 0) throw rulesRefusal('The scene breaks a rule:', broken);
    return this.db.transaction(async (tx) => {
      const before = await this.catalogue.findScene(scene, tx);
      const saved = await this.catalogue.saveScene({ scene, moduleId: request.moduleId, description: request.description ?? '' }, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: before ? 'recommend-scene.change' : 'recommend-scene.add',
        targetType: 'recommend_scene',
        targetId: scene,
        before: before ? { moduleId: before.moduleId, description: before.description } : null,
        after: { moduleId: saved.moduleId, description: saved.description },
        requestId: actor.requestId,
      });
      return sceneView(saved, await this.catalogue.listAll(tx));
    });
  }

  /** Adds a product (id null) or changes one; its market and code stay what they were. */
  async saveProduct(actor: Actor, id: number | null, request: CatalogueProductRequest): Promise<CatalogueProductView> {
    const input = {
      market: request.market,
      code: request.code,
      name: request.name,
      logoUrl: request.logoUrl,
      amountRange: request.amountRange,
      amountRangeDes: request.amountRangeDes,
      loanRate: request.loanRate,
      description: request.description ?? '',
      tags: request.tags ?? [],
      buttonText: request.buttonText,
      buttonStatus: request.buttonStatus,
      target: request.target,
      scenes: [...new Set(request.scenes)],
      sortOrder: request.sortOrder ?? 0,
      active: request.active,
    };
    return this.db.transaction(async (tx) => {
      const known = new Set((await this.catalogue.listScenes(tx)).map((scene) => scene.scene));
      const broken = productRulesBroken(input, known);
      if (broken.length > 0) throw rulesRefusal('The product breaks a rule of the catalogue:', broken);
      const before = id === null ? null : await this.catalogue.findById(id, tx);
      if (id !== null && !before) throw ConsoleError.notFound();
      if (before && (before.market !== input.market || before.code !== input.code)) {
        throw ConsoleError.invalid('market and code cannot change once a product exists');
      }
      const saved = before ? await this.catalogue.changeProduct(before.id, input, tx) : await this.catalogue.addProduct(input, tx);
      if (!saved) throw ConsoleError.conflict(`A product ${input.code} already exists in ${input.market}.`);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: before ? 'catalogue-product.change' : 'catalogue-product.add',
        targetType: 'recommended_product',
        targetId: saved.id,
        before: before ? catalogueProductView(before) : null,
        after: catalogueProductView(saved),
        requestId: actor.requestId,
      });
      return catalogueProductView(saved);
    });
  }
}
