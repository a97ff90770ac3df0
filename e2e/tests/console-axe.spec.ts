/**
 * axe on every console page (issue 31, done when): each route of apps/console/src/app/app.tsx, as
 * the role that sees it with its forms, with data in it — no serious or critical WCAG 2.1 A/AA
 * violation. The sign-in and enrolment pages are checked before anyone signs in.
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type DemoOperator, demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { type Api, appUrl, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

interface Visit {
  path: string;
  heading: string | RegExp;
}

/** Opens a console route, waits for its heading and for every "Loading…" to be gone, and runs axe. */
const visit = async (page: Page, { path, heading }: Visit) => {
  await page.goto(`/console${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  await expect(page.getByText(/^Loading/), path).toHaveCount(0);
  await expectAccessible(page);
};

/** A fresh Indian borrower with an order in every status, and a complaint about one of them. */
const borrowerWithComplaint = async (request: APIRequestContext, api: Api) => {
  const fresh = await request.get('/dev/session?market=IN&fresh=1');
  expect(fresh.ok()).toBe(true);
  const session = (await fresh.json()) as DemoSession;
  const { orderList } = await api<{ orderList: { orderNo: string }[] }>(session, 'problemInit');
  const { problemId } = await api<{ problemId: number }>(session, 'problemSave', {
    problemType: '2',
    problemDetail: `Checked by axe ${Date.now()}`,
    orderNo: orderList[0]!.orderNo,
  });
  const overdue = session.orders.find((order) => order.status === 180)!;
  return { session, problemId, overdue };
};

/** A fresh Indian borrower confirms a loan in the H5 app to a sandbox account that is paid; the day passes and the payout job sends it. */
const loanPaidOut = async (page: Page, request: APIRequestContext): Promise<string> => {
  const session = (await (await request.get('/dev/session?market=IN&fresh=due')).json()) as DemoSession;
  await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId: session.productId })));
  await page.getByRole('region', { name: 'Where the money goes' }).getByRole('link', { name: 'Add your account' }).click();
  await page.getByLabel('Account number').fill('1234567890123');
  await page.getByLabel('IFSC').fill('HDFC0001234');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/loanConfirm\?productId=\d+/);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: enIN.agree }).click();
  await expect(page).toHaveURL(/\/loanDetails\?.*orderId=\d+/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const aged = await request.post(`/dev/orders/${orderId}/age`, { form: { days: '1' } });
  expect(aged.ok(), await aged.text()).toBe(true);
  const run = await request.post('/dev/jobs/payouts/run');
  expect(run.ok(), await run.text()).toBe(true);
  return orderId;
};

const asRole = async (browser: Browser, baseURL: string | undefined, operator: DemoOperator, visits: Visit[]) => {
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, operator);
  for (const each of visits) await visit(page, each);
  await context.close();
};

const productPages: Visit[] = [
  { path: '/products', heading: 'Products' },
  { path: '/products/catalogue', heading: 'Recommended products' },
  { path: '/products/landing', heading: 'Landing templates' },
];

test.describe('axe on every console page', () => {
  test('the sign-in page, and an agent’s pages: complaints, a complaint, borrowers, a borrower, an order, reply templates, the chatbot', async ({
    browser,
    baseURL,
    request,
    api,
  }) => {
    test.slow();
    const { session, problemId, overdue } = await borrowerWithComplaint(request, api);
    const context = await desktopContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/console/');
    await expect(page.getByRole('heading', { level: 1, name: 'Kilat console' })).toBeVisible();
    await expectAccessible(page);
    await context.close();

    await asRole(browser, baseURL, await demoOperator(request, 'agent'), [
      { path: '/complaints', heading: 'Complaints' },
      { path: `/complaints/${problemId}`, heading: `Complaint #${problemId}` },
      { path: '/borrowers', heading: 'Borrowers' },
      { path: `/borrowers/${session.userId}`, heading: /.+/ },
      { path: `/orders/${overdue.orderId}`, heading: `Order ${overdue.orderNo}` },
      { path: '/templates', heading: 'Reply templates' },
      { path: '/chatbot', heading: 'Chatbot' },
    ]);
  });

  test("a supervisor's pages: complaints, a complaint, reply templates, payouts, an order's payouts, mismatches, the products screen read-only, the dashboard and a list behind it", async ({
    browser,
    baseURL,
    request,
    api,
    page,
  }) => {
    test.slow();
    const { problemId } = await borrowerWithComplaint(request, api);
    const paidOut = await loanPaidOut(page, request);
    await asRole(browser, baseURL, await demoOperator(request, 'supervisor'), [
      { path: '/complaints', heading: 'Complaints' },
      { path: `/complaints/${problemId}`, heading: `Complaint #${problemId}` },
      { path: '/templates', heading: 'Reply templates' },
      { path: '/payouts', heading: 'Payouts' },
      { path: `/payouts/${paidOut}`, heading: /^Payouts of order / },
      { path: '/payout-mismatches', heading: 'Payout mismatches' },
      ...productPages,
      { path: '/dashboard', heading: 'Dashboard' },
      { path: '/dashboard/list/disbursed?market=IN', heading: /.+/ },
    ]);
  });

  test("a risk operator's pages: applications to review, a borrower with their identity, an order, payouts, and the products screen with its forms", async ({
    browser,
    baseURL,
    request,
    api,
  }) => {
    test.slow();
    const { session, overdue } = await borrowerWithComplaint(request, api);
    await asRole(browser, baseURL, await demoOperator(request, 'risk'), [
      { path: '/reviews', heading: 'Applications to review' },
      { path: '/borrowers', heading: 'Borrowers' },
      { path: `/borrowers/${session.userId}`, heading: /.+/ },
      { path: `/orders/${overdue.orderId}`, heading: `Order ${overdue.orderNo}` },
      { path: '/payouts', heading: 'Payouts' },
      ...productPages,
    ]);
  });

  test("an admin's pages: the audit log, operators, payouts, mismatches, products; and the enrolment page an invited operator opens", async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    await asRole(browser, baseURL, await demoOperator(request, 'admin'), [
      { path: '/audit', heading: 'Audit log' },
      { path: '/operators', heading: 'Operators' },
      { path: '/payouts', heading: 'Payouts' },
      { path: '/payout-mismatches', heading: 'Payout mismatches' },
      ...productPages,
    ]);

    const adminContext = await desktopContext(browser, baseURL);
    const admin = await adminContext.newPage();
    await signInAs(admin, await demoOperator(request, 'admin'));
    await admin.goto('/console/operators');
    const stamp = Date.now();
    const form = admin.getByRole('form', { name: 'New operator' });
    await form.getByLabel('Name').fill(`Axe Checker ${stamp}`);
    await form.getByLabel('Email').fill(`axe.${stamp}@kilat.test`);
    await form.getByLabel('Role').selectOption('agent');
    await form.getByRole('button', { name: 'Add operator' }).click();
    const handed = admin.getByRole('status').filter({ hasText: 'one-time link' });
    await expect(handed).toBeVisible();
    await expectAccessible(admin);
    const link = ((await handed.locator('code').textContent()) ?? '').trim();
    await adminContext.close();

    const ownContext = await desktopContext(browser, baseURL);
    const own = await ownContext.newPage();
    await own.goto(link);
    await expect(own.getByRole('form', { name: 'Set up your account' })).toBeVisible();
    await expectAccessible(own);
    await ownContext.close();
  });
});
