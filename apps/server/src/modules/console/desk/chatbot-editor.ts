/**
 * The chatbot tree editor (issue 18): the QA tree of spec §3 in both languages — add, edit,
 * reorder, retire and restore nodes — each change audited in its transaction. Borrowers never see
 * a retired node (the chatbot repository filters them), and a node retires with everything under it.
 */
import { Locale } from '@kilat/contract';
import type { QaTreeNode } from '@kilat/contract/console/browser';
import { asc, eq, isNull, max } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { qaNodes, qaNodeTexts } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { QaAction } from '../../chatbot/qa-actions.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { Actor } from '../shared/session.js';

export interface QaNodeTexts {
  titleEn: string;
  titleId: string;
  aliasEn: string;
  aliasId: string;
}

/** Where each action type may sit: categories at the top, questions and hand-overs in a category, answers under a question. */
const PARENT_TYPE: Record<number, number | null> = {
  [QaAction.Category]: null,
  [QaAction.Question]: QaAction.Category,
  [QaAction.HumanSupport]: QaAction.Category,
  [QaAction.Answer]: QaAction.Question,
};

export class ChatbotEditor {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async tree(tx: Db = this.db): Promise<QaTreeNode[]> {
    const [nodes, texts] = await Promise.all([
      tx.select().from(qaNodes).orderBy(asc(qaNodes.sortOrder), asc(qaNodes.id)),
      tx
        .select({ nodeId: qaNodeTexts.nodeId, locale: qaNodeTexts.locale, title: qaNodeTexts.title, alias: qaNodeTexts.alias })
        .from(qaNodeTexts),
    ]);
    const text = (nodeId: number, locale: Locale) => texts.find((row) => row.nodeId === nodeId && row.locale === locale);
    return nodes.map((node) => ({
      id: node.id,
      parentId: node.parentId,
      actionType: node.actionType,
      sortOrder: node.sortOrder,
      titleEn: text(node.id, Locale.India)?.title ?? '',
      titleId: text(node.id, Locale.Indonesia)?.title ?? '',
      aliasEn: text(node.id, Locale.India)?.alias ?? '',
      aliasId: text(node.id, Locale.Indonesia)?.alias ?? '',
      retired: node.retiredAt !== null,
    }));
  }

  private async one(id: number, tx: Db = this.db): Promise<QaTreeNode> {
    const node = (await this.tree(tx)).find((entry) => entry.id === id);
    if (!node) throw ConsoleError.notFound();
    return node;
  }

  private async writeTexts(tx: Db, nodeId: number, texts: QaNodeTexts) {
    for (const [locale, title, alias] of [
      [Locale.India, texts.titleEn, texts.aliasEn],
      [Locale.Indonesia, texts.titleId, texts.aliasId],
    ] as const) {
      await tx
        .insert(qaNodeTexts)
        .values({ nodeId, locale, title, alias })
        .onConflictDoUpdate({ target: [qaNodeTexts.nodeId, qaNodeTexts.locale], set: { title, alias } });
    }
  }

  async create(actor: Actor, input: QaNodeTexts & { parentId: number | null; actionType: number }): Promise<QaTreeNode> {
    const wantedParent = PARENT_TYPE[input.actionType];
    if (wantedParent === undefined) throw ConsoleError.invalid('actionType');
    if (input.parentId === null) {
      if (wantedParent !== null) throw ConsoleError.invalid('parentId (this action type sits under another node)');
    } else {
      const parent = await this.one(input.parentId).catch(() => null);
      if (!parent || parent.retired || parent.actionType !== wantedParent) throw ConsoleError.invalid('parentId');
    }
    return this.db.transaction(async (tx) => {
      const siblings = input.parentId === null ? isNull(qaNodes.parentId) : eq(qaNodes.parentId, input.parentId);
      const [last] = await tx
        .select({ sortOrder: max(qaNodes.sortOrder) })
        .from(qaNodes)
        .where(siblings);
      const [node] = await tx
        .insert(qaNodes)
        .values({ parentId: input.parentId, actionType: input.actionType, sortOrder: (last?.sortOrder ?? -1) + 1 })
        .returning({ id: qaNodes.id });
      await this.writeTexts(tx, node!.id, input);
      const created = await this.one(node!.id, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'chatbot.create',
        targetType: 'qa-node',
        targetId: created.id,
        after: created,
        requestId: actor.requestId,
      });
      return created;
    });
  }

  async update(actor: Actor, id: number, texts: QaNodeTexts): Promise<QaTreeNode> {
    const before = await this.one(id);
    return this.db.transaction(async (tx) => {
      await this.writeTexts(tx, id, texts);
      const after = await this.one(id, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'chatbot.update',
        targetType: 'qa-node',
        targetId: id,
        before,
        after,
        requestId: actor.requestId,
      });
      return after;
    });
  }

  /** Swaps the node with its neighbour among its siblings; at either end nothing moves and the call is refused. */
  async move(actor: Actor, id: number, direction: 'up' | 'down'): Promise<void> {
    const node = await this.one(id);
    const siblings = (await this.tree()).filter((entry) => entry.parentId === node.parentId);
    const index = siblings.findIndex((entry) => entry.id === id);
    const other = siblings[direction === 'up' ? index - 1 : index + 1];
    if (!other) throw ConsoleError.conflict(`The node is already ${direction === 'up' ? 'first' : 'last'}.`);
    const before = siblings.map((entry) => entry.id);
    await this.db.transaction(async (tx) => {
      // positions are rewritten 0..n-1 in the new order, which also mends any ties left by the seed
      const order = [...before];
      order.splice(index, 1);
      order.splice(direction === 'up' ? index - 1 : index + 1, 0, id);
      for (const [position, nodeId] of order.entries()) await tx.update(qaNodes).set({ sortOrder: position }).where(eq(qaNodes.id, nodeId));
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'chatbot.move',
        targetType: 'qa-node',
        targetId: id,
        before: { order: before },
        after: { order },
        requestId: actor.requestId,
      });
    });
  }

  /** Retires (or restores) the node and everything under it. */
  async setRetired(actor: Actor, id: number, retired: boolean): Promise<void> {
    const node = await this.one(id);
    if (node.retired === retired) throw ConsoleError.conflict(retired ? 'The node is already retired.' : 'The node is not retired.');
    if (!retired && node.parentId !== null && (await this.one(node.parentId)).retired) {
      throw ConsoleError.conflict('Restore the node above it first.');
    }
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const tree = await this.tree(tx);
      const ids = [id];
      for (let index = 0; index < ids.length; index++)
        ids.push(...tree.filter((entry) => entry.parentId === ids[index]).map((entry) => entry.id));
      for (const nodeId of ids)
        await tx
          .update(qaNodes)
          .set({ retiredAt: retired ? now : null })
          .where(eq(qaNodes.id, nodeId));
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: retired ? 'chatbot.retire' : 'chatbot.restore',
        targetType: 'qa-node',
        targetId: id,
        before: { retired: !retired },
        after: { retired, nodes: ids },
        requestId: actor.requestId,
      });
    });
  }
}
