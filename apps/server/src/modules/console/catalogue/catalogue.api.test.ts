import { Market } from '@kilat/contract';
import { ConsoleCode } from '@kilat/contract/console';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, landingTemplates, recommendedProducts, recommendScenes } from '../../../db/schema.js';
import { call, type DemoSession, demoSession, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { DemoTemplates } from '../../dev/seed/acquisition.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
type Role = 'agent' | 'supervisor' | 'risk' | 'admin';
const sessions = {} as Record<Role, ConsoleSession>;
let india: DemoSession;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  for (const role of ['agent', 'supervisor', 'risk', 'admin'] as const) sessions[role] = await signIn(t.app, t.clock, role);
  india = await demoSession(t.app, Market.India);
});

const catalogueRow = async (code: string) =>
  (
    await t.database.db
      .select()
      .from(recommendedProducts)
      .where(and(eq(recommendedProducts.market, 'IN'), eq(recommendedProducts.code, code)))
  )[0]!;

/** A catalogue row as the console's form sends it back. */
const bodyOf = (row: typeof recommendedProducts.$inferSelect, changes: Record<string, unknown> = {}) => ({
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
  ...changes,
});

const template = async (id: string) => (await t.database.db.select().from(landingTemplates).where(eq(landingTemplates.id, id)))[0]!;

const templateBody = (row: typeof landingTemplates.$inferSelect, changes: Record<string, unknown> = {}) => ({
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
  ...changes,
});

const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;

const borrowerList = async (scene: string) => (await call(t.app, 'recommendedProducts', { session: india, body: { scene } })).json().data;

describe('the recommended-products catalogue on the products screen (issue 31 item 3)', () => {
  it('is read by risk, supervisors and admins, changed by risk and admins only, and refused without a session', async () => {
    expect((await consoleCall(t.app, 'GET', '/catalogue')).statusCode).toBe(401);
    const agent = await consoleCall(t.app, 'GET', '/catalogue', { session: sessions.agent });
    expect(agent.statusCode).toBe(403);
    expect(agent.json().code).toBe(ConsoleCode.RoleRefused);
    const read = await consoleCall(t.app, 'GET', '/catalogue', { session: sessions.supervisor });
    expect(read.statusCode).toBe(200);
    const { scenes, products } = read.json().data;
    // the seeded scenes with the module ids the name rule of spec §9 gives them: nothing changed by the move to a table
    expect(Object.fromEntries(scenes.map((scene: { scene: string; moduleId: number }) => [scene.scene, scene.moduleId]))).toEqual({
      bag: 302,
      banner: 301,
      joint_login: 300,
      popup: 301,
      relevant: 300,
    });
    expect(products.map((product: { code: string }) => product.code)).toContain('IN-SALARYPLUS');

    const row = await catalogueRow('IN-SALARYPLUS');
    const audits = await auditRows();
    const refused = await consoleCall(t.app, 'PUT', `/catalogue/products/${row.id}`, {
      session: sessions.supervisor,
      body: bodyOf(row, { buttonStatus: 1 }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ConsoleCode.RoleRefused);
    const scene = await consoleCall(t.app, 'PUT', '/catalogue/scenes/agent_scene', { session: sessions.agent, body: { moduleId: 300 } });
    expect(scene.statusCode).toBe(403);
    expect(await catalogueRow('IN-SALARYPLUS')).toEqual(row);
    expect(await t.database.db.select().from(recommendScenes).where(eq(recommendScenes.scene, 'agent_scene'))).toEqual([]);
    expect(await auditRows()).toBe(audits);
  });

  it('refuses a product that breaks the rules, naming each one, and stores nothing', async () => {
    const row = await catalogueRow('IN-CASHNEST');
    const audits = await auditRows();
    const response = await consoleCall(t.app, 'PUT', `/catalogue/products/${row.id}`, {
      session: sessions.risk,
      body: bodyOf(row, {
        buttonStatus: 2,
        target: 'javascript:alert(1)',
        scenes: ['relevant', 'banerr'],
        logoUrl: '//evil.example/x.svg',
      }),
    });
    expect(response.statusCode).toBe(400);
    const { message } = response.json();
    expect(message).toContain('The button status is 1 (the borrower may apply) or 0 (grey, nothing opens) (spec §3); found 2.');
    expect(message).toContain(
      "The target must be an https:// address the page opens or an address of the app (kilat://…) (spec §7); found 'javascript:alert(1)'.",
    );
    expect(message).toContain("'banerr' is not a scene of the catalogue");
    expect(message).toContain('The logo must be an image of this site');
    const shown = await consoleCall(t.app, 'PUT', `/catalogue/products/${row.id}`, {
      session: sessions.risk,
      body: bodyOf(row, { scenes: [] }),
    });
    expect(shown.statusCode).toBe(400);
    expect(shown.json().message).toContain('A product that is shown needs at least one scene to be shown in.');
    // a malformed one is refused by its schema, naming the field
    const malformed = await consoleCall(t.app, 'PUT', `/catalogue/products/${row.id}`, {
      session: sessions.risk,
      body: bodyOf(row, { name: '' }),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('name');
    expect(await catalogueRow('IN-CASHNEST')).toEqual(row);
    expect(await auditRows()).toBe(audits);
    expect((await borrowerList('bag')).list.map((product: { productName: string }) => product.productName)).toEqual(['CashNest']);
  });

  it("opens a product's button and shows it in another scene: the borrower's next list and apply have it, and the audit keeps before and after", async () => {
    const row = await catalogueRow('IN-SALARYPLUS');
    expect(row.buttonStatus).toBe(0);
    const response = await consoleCall(t.app, 'PUT', `/catalogue/products/${row.id}`, {
      session: sessions.risk,
      body: bodyOf(row, { buttonStatus: 1, buttonText: 'Apply now', scenes: [...row.scenes, 'bag'] }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: row.id,
      buttonStatus: 1,
      buttonText: 'Apply now',
      scenes: ['relevant', 'joint_login', 'bag'],
    });

    const bag = await borrowerList('bag');
    expect(bag.moduleId).toBe(302);
    expect(bag.list.map((product: { productName: string; buttonStatus: number }) => [product.productName, product.buttonStatus])).toEqual([
      ['CashNest', 1],
      ['SalaryPlus', 1],
    ]);
    const apply = await call(t.app, 'productApply', {
      session: india,
      body: { product_id: String(row.id), module_id: '302', scene: 'bag' },
    });
    expect(apply.json()).toMatchObject({ code: '00', data: { url: row.target } });

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogue-product.change'), eq(auditLog.targetId, String(row.id))));
    expect(audit).toMatchObject({
      operatorId: sessions.risk.operatorId,
      targetType: 'recommended_product',
      before: expect.objectContaining({ buttonStatus: 0, buttonText: 'Full today', scenes: ['relevant', 'joint_login'] }),
      after: expect.objectContaining({ buttonStatus: 1, buttonText: 'Apply now', scenes: ['relevant', 'joint_login', 'bag'] }),
    });
  });

  it('adds a product once: a second of the same code in the market is refused', async () => {
    const row = await catalogueRow('IN-RUPEE-ROCKET');
    const body = bodyOf(row, {
      code: 'IN-NEW-PARTNER',
      name: 'New Partner',
      target: 'https://partners.kilat.example/in/new',
      scenes: ['popup'],
    });
    const added = await consoleCall(t.app, 'POST', '/catalogue/products', { session: sessions.admin, body });
    expect(added.statusCode).toBe(200);
    expect((await borrowerList('popup')).list.map((product: { productName: string }) => product.productName)).toContain('New Partner');
    const again = await consoleCall(t.app, 'POST', '/catalogue/products', { session: sessions.admin, body });
    expect(again.statusCode).toBe(409);
  });

  it("sets a new scene's module id: the borrower's list answers it and apply holds the page to it", async () => {
    const added = await consoleCall(t.app, 'PUT', '/catalogue/scenes/home_carousel', {
      session: sessions.risk,
      body: { moduleId: 301, description: 'The home carousel (precise)' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toEqual({ scene: 'home_carousel', moduleId: 301, description: 'The home carousel (precise)', products: 0 });
    const row = await catalogueRow('IN-RUPEE-ROCKET');
    expect(
      (
        await consoleCall(t.app, 'PUT', `/catalogue/products/${row.id}`, {
          session: sessions.risk,
          body: bodyOf(row, { scenes: [...row.scenes, 'home_carousel'] }),
        })
      ).statusCode,
    ).toBe(200);
    const list = await borrowerList('home_carousel');
    expect(list).toMatchObject({ moduleId: 301, list: [expect.objectContaining({ productName: 'Rupee Rocket' })] });
    const wrong = await call(t.app, 'productApply', {
      session: india,
      body: { product_id: String(row.id), module_id: '300', scene: 'home_carousel' },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await call(t.app, 'productApply', {
      session: india,
      body: { product_id: String(row.id), module_id: '301', scene: 'home_carousel' },
    });
    expect(right.json().code).toBe('00');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'recommend-scene.add'), eq(auditLog.targetId, 'home_carousel')));
    expect(audit).toMatchObject({
      operatorId: sessions.risk.operatorId,
      before: null,
      after: { moduleId: 301, description: 'The home carousel (precise)' },
    });
  });

  it('refuses a module id spec §9 does not allow, naming the rule, and stores nothing', async () => {
    const audits = await auditRows();
    const cases: [string, number, string][] = [
      ['bag_more', 300, "A bag scene reports module 302 (spec §9): 'bag_more' names a bag, so it cannot be 300."],
      ['banner', 300, "A banner or popup scene is a precise scene and reports module 301 (spec §9): 'banner' cannot be 300."],
      ['relevant', 301, "'relevant' is also loan details' list, whose taps report module 300 (spec §7, §9): it stays 300."],
      ['side_list', 305, 'The module id must be 300 (other scenes), 301 (precise: banner, popup) or 302 (bag) (spec §9); found 305.'],
    ];
    for (const [scene, moduleId, rule] of cases) {
      const response = await consoleCall(t.app, 'PUT', `/catalogue/scenes/${scene}`, { session: sessions.admin, body: { moduleId } });
      expect(response.statusCode, scene).toBe(400);
      expect(response.json().message).toContain(rule);
    }
    const badName = await consoleCall(t.app, 'PUT', '/catalogue/scenes/Bad%20Scene', { session: sessions.admin, body: { moduleId: 300 } });
    expect(badName.statusCode).toBe(400);
    expect((await borrowerList('banner')).moduleId).toBe(301);
    expect(await t.database.db.select().from(recommendScenes).where(eq(recommendScenes.scene, 'bag_more'))).toEqual([]);
    expect(await auditRows()).toBe(audits);
  });
});

describe('landing templates on the products screen (issue 31 item 3)', () => {
  const channelTemplate = async (templateId: string) => call(t.app, 'channelTemplate', { query: { market: 'IN', templateId } });

  it('changes a template: the next visitor of its link reads it, and the audit keeps before and after', async () => {
    const row = await template(DemoTemplates.IN.facebook);
    const response = await consoleCall(t.app, 'PUT', `/landing-templates/${row.id}`, {
      session: sessions.risk,
      body: templateBody(row, { title: 'Loans for Diwali, in 2 hours', backgroundColor: '#FFFFFF', images: ['/banners/salary-day.svg'] }),
    });
    expect(response.statusCode).toBe(200);
    const page = (await channelTemplate(row.id)).json().data;
    expect(page).toMatchObject({ title: 'Loans for Diwali, in 2 hours', backgroundColor: '#ffffff', images: ['/banners/salary-day.svg'] });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'landing-template.change'), eq(auditLog.targetId, row.id)));
    expect(audit).toMatchObject({
      operatorId: sessions.risk.operatorId,
      targetType: 'landing_template',
      before: expect.objectContaining({ title: row.title, backgroundColor: row.backgroundColor }),
      after: expect.objectContaining({ title: 'Loans for Diwali, in 2 hours', backgroundColor: '#ffffff' }),
    });

    const hidden = await consoleCall(t.app, 'PUT', `/landing-templates/${row.id}`, {
      session: sessions.admin,
      body: templateBody(await template(row.id), { active: false }),
    });
    expect(hidden.statusCode).toBe(200);
    expect((await channelTemplate(row.id)).statusCode).toBe(404);
  });

  it('refuses a template that breaks the rules, naming each one, and stores nothing', async () => {
    const row = await template(DemoTemplates.IN.google);
    const audits = await auditRows();
    const response = await consoleCall(t.app, 'PUT', `/landing-templates/${row.id}`, {
      session: sessions.risk,
      body: templateBody(row, {
        textColor: '#cccccc',
        backgroundColor: '#ffffff',
        buttonColor: 'green',
        images: ['javascript:alert(1)'],
        agreements: [{ title: 'Privacy Policy', url: 'http://example.com/privacy' }],
        downloadUrl: 'ftp://files.example/app.apk',
      }),
    });
    expect(response.statusCode).toBe(400);
    const { message } = response.json();
    expect(message).toContain("The button colour must be a hex colour such as #ffd21f; found 'green'.");
    expect(message).toContain("The text colour #cccccc on the background #ffffff has a contrast of 1.6:1, below WCAG AA's 4.5:1");
    expect(message).toContain("Image 1 must be an image of this site (/banners/…) or an https:// address; found 'javascript:alert(1)'.");
    expect(message).toContain('Agreement 1 (Privacy Policy) must link to a page of this site');
    expect(message).toContain('The download address must be an https:// address');
    expect(await template(row.id)).toEqual(row);
    expect(await auditRows()).toBe(audits);
    expect((await channelTemplate(row.id)).json().data.title).toBe(row.title);
  });

  it('adds a template once, refuses a change of its market, and refuses a supervisor', async () => {
    const base = templateBody(await template(DemoTemplates.IN.google), { id: 'IN-YT-01', channel: 'youtube' });
    const refused = await consoleCall(t.app, 'POST', '/landing-templates', { session: sessions.supervisor, body: base });
    expect(refused.statusCode).toBe(403);
    expect((await channelTemplate('IN-YT-01')).statusCode).toBe(404);
    const added = await consoleCall(t.app, 'POST', '/landing-templates', { session: sessions.risk, body: base });
    expect(added.statusCode).toBe(200);
    expect((await channelTemplate('IN-YT-01')).json().data).toMatchObject({ id: 'IN-YT-01', title: base.title });
    expect((await consoleCall(t.app, 'POST', '/landing-templates', { session: sessions.risk, body: base })).statusCode).toBe(409);
    const moved = await consoleCall(t.app, 'PUT', '/landing-templates/IN-YT-01', {
      session: sessions.risk,
      body: { ...base, market: 'ID' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toContain('id and market cannot change');
    const listed = await consoleCall(t.app, 'GET', '/landing-templates', { session: sessions.supervisor });
    expect(listed.json().data.map((item: { id: string }) => item.id)).toContain('IN-YT-01');
  });
});
