/**
 * Issue 46's collector's day in desktop browsers, beside the borrower's phone: a supervisor allocates
 * an overdue case to the demo agent; the agent finds it in "My cases", logs a call with a follow-up
 * (the queue then shows the follow-up due), records a promise to pay today; the borrower repays from
 * their phone with the bound card; the agent's case then shows the promise kept — decided by the
 * ledger, not by a person. Contact is judged at 11:00 India time by the sandbox's contact clock
 * (decision 214), since the server refuses it outside 08:00–19:00 IST whatever hour the test runs.
 */
import { OrderStatus } from '@kilat/contract';
import { consoleDate } from '@kilat/contract/console/browser';
import type { Browser } from '@playwright/test';
import { demoOperator, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';
import { expectPaymentResult, openPayWay, orderIn, repaymentWay, ui } from './pay-way-helpers.js';
import { freshBorrower, latestSmsCode } from './repayment-helpers.js';

/** The console at desktop size on a clock in India, where its collector works. */
const indianDesk = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, timezoneId: 'Asia/Kolkata' });

const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

test('a collector’s day: allocated case → call logged with a follow-up → promise → the borrower repays from their phone → promise kept', async ({
  page: phone,
  request,
  browser,
  baseURL,
}) => {
  // three people's work across three browser pages, on a machine shared with other tests: more than test.slow()'s 90 s
  test.setTimeout(240_000);
  const borrower = await freshBorrower(request, 'IN');
  const overdue = borrower.orders.find((order) => order.status === OrderStatus.Overdue)!;
  const today = todayInIndia();
  const clock = await request.put('/dev/collections/contact-clock', { data: { at: `${today}T11:00:00+05:30` } });
  expect(clock.ok(), await clock.text()).toBe(true);
  try {
    const agent = await demoOperator(request, 'agent');

    // the supervisor classifies and allocates, then gives the case to the agent
    const desk = await indianDesk(browser, baseURL);
    const boss = await desk.newPage();
    await signInAs(boss, await demoOperator(request, 'supervisor'));
    await boss.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Collections' }).click();
    await boss.getByRole('button', { name: 'Classify and allocate now' }).click();
    await expect(boss.getByRole('status')).toContainText('Classified');
    await boss.getByLabel('Order number').fill(overdue.orderNo);
    await boss.getByRole('checkbox', { name: `Pick ${overdue.orderNo}` }).check();
    const allocation = boss.getByRole('form', { name: 'Allocate the cases picked' });
    await allocation.getByLabel('Action').selectOption('reassign');
    const agentOption = allocation.getByLabel('Collector (reassign)').locator('option', { hasText: `${agent.name} · ` });
    await expect(agentOption.filter({ hasText: 'India' })).toHaveCount(1);
    await allocation
      .getByLabel('Collector (reassign)')
      .selectOption((await agentOption.filter({ hasText: 'India' }).getAttribute('value'))!);
    await allocation.getByLabel('Reason (kept in the audit log)').fill('Our best Hindi speaker takes this one');
    await expectAccessible(boss);
    await allocation.getByRole('button', { name: 'Apply to 1 cases' }).click();
    await expect(boss.getByRole('row', { name: new RegExp(overdue.orderNo) })).toContainText(agent.name);
    await desk.close();

    // the agent's queue
    const own = await indianDesk(browser, baseURL);
    const collector = await own.newPage();
    await signInAs(collector, agent);
    await collector.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Collections' }).click();
    await expect(collector.getByRole('heading', { level: 1, name: 'My cases' })).toBeVisible();
    await collector.getByLabel('Order number').fill(overdue.orderNo);
    await collector.getByRole('link', { name: overdue.orderNo }).click();
    await expect(collector.getByRole('heading', { level: 1, name: `Case ${overdue.orderNo}` })).toBeVisible();
    await expect(collector.getByText(/^Contact allowed now · 0 of 3 contacts today/)).toBeVisible();
    const owedTotal = (await collector
      .getByRole('table', { name: 'Owed today' })
      .getByRole('row', { name: /^Total/ })
      .locator('td')
      .textContent())!;

    // the call, with a follow-up this afternoon
    const contact = collector.getByRole('form', { name: 'Log a contact' });
    await contact.getByLabel('Channel').selectOption('call');
    await contact.getByLabel('Outcome').selectOption('promised_to_pay');
    await contact.getByLabel('Note').fill('Salary came in; will pay in full today');
    await contact.getByLabel('Follow up at (optional, your time)').fill(`${today}T15:00`);
    await contact.getByRole('button', { name: 'Log the contact' }).click();
    await expect(contact.getByRole('status')).toHaveText('Contact logged.');
    await expect(collector.getByText(/^Contact allowed now · 1 of 3 contacts today/)).toBeVisible();
    await expect(collector.getByRole('listitem').filter({ hasText: 'promised to pay' })).toContainText('follow up');
    await expectAccessible(collector);

    await collector.getByRole('link', { name: 'Back to the cases' }).click();
    await collector.getByLabel('Order number').fill(overdue.orderNo);
    await expect(collector.getByRole('row', { name: new RegExp(overdue.orderNo) })).toContainText('Follow-up due');
    await collector.getByRole('link', { name: overdue.orderNo }).click();

    // the promise: everything owed, today
    const promise = collector.getByRole('form', { name: 'Record a promise to pay' });
    await promise.getByLabel('Amount').fill(owedTotal);
    await promise.getByLabel('By').fill(today);
    await promise.getByRole('button', { name: 'Record the promise' }).click();
    await expect(promise.getByRole('status')).toHaveText('Promise recorded.');
    const promises = collector.getByRole('heading', { level: 2, name: 'Promises' }).locator('xpath=following-sibling::ul[1]');
    await expect(promises).toContainText(`${owedTotal} by ${consoleDate(today)}: open`);

    // the borrower pays from their phone with their bound card
    const order = orderIn(borrower, OrderStatus.Overdue);
    const way = await repaymentWay(request, borrower, order.orderId);
    await openPayWay(phone, borrower, order, way.amount);
    const card = way.bankCards[0]!;
    await phone.getByRole('radio', { name: `${card.bankName} ${card.cardNo}` }).check();
    await phone.getByRole('button', { name: ui.IN.pay }).click();
    const verification = phone.getByRole('dialog', { name: ui.IN.verify });
    await verification.getByLabel(ui.IN.code).fill(await latestSmsCode(request, borrower.phone));
    await verification.getByRole('button', { name: ui.IN.confirm }).click();
    await expectPaymentResult(phone, 'IN', order, 'paid');

    // the ledger keeps the promise
    await collector.reload();
    await expect(promises).toContainText(`${owedTotal} by ${consoleDate(today)}: kept`);
    await expectAccessible(collector);
    await own.close();
  } finally {
    await request.put('/dev/collections/contact-clock', { data: { at: null } });
  }
});
