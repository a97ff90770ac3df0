/**
 * Issue 46 in a desktop browser: a supervisor runs the day's classification and allocation, finds an
 * overdue borrower's case by its order number, reads what it owes today (the figure loan details
 * shows), sets a dispute flag, and the server then refuses a contact, saying why; axe clean. (Logging a
 * call itself depends on the hour of the borrower — the API tests move the clock across those edges.)
 * Then the stage screen: a retention changed and saved, overlapping ranges refused with why.
 */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { type DemoSession, expect, expectAccessible, test } from '../fixtures.js';

test('a supervisor finds an overdue case, sees it owes what loan details says, and a dispute flag makes the server refuse contact', async ({
  request,
  browser,
  baseURL,
  api,
}) => {
  // a supervisor's whole round, on a machine shared with other tests: more than test.slow()'s 90 s
  test.setTimeout(240_000);
  const fresh = await request.get('/dev/session?market=IN&fresh=1');
  expect(fresh.ok()).toBe(true);
  const session = (await fresh.json()) as DemoSession & { phone: string };
  const overdue = session.orders.find((order) => order.status === 180)!;
  const amountDue = (
    await api<{ userOrderDetail: { detail: { text: string; value: string }[] } }>(session, 'loanDetails', {
      productId: overdue.productId,
      orderId: overdue.orderId,
    })
  ).userOrderDetail.detail.find((row) => row.text === 'Amount due')!.value;

  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'supervisor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Collections' }).click();
  await page.getByRole('button', { name: 'Classify and allocate now' }).click();
  await expect(page.getByRole('status')).toContainText('Classified');
  await page.getByLabel('Order number').fill(overdue.orderNo);
  await page.getByRole('link', { name: overdue.orderNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Case ${overdue.orderNo}` })).toBeVisible();
  const owed = page.getByRole('table', { name: 'Owed today' });
  await expect(owed.getByRole('row', { name: /^Total/ })).toContainText(amountDue);
  await expectAccessible(page);

  const stop = page.getByRole('form', { name: 'Stop contact' });
  await stop.getByLabel('Flag').selectOption('dispute');
  await stop.getByLabel('Reason').fill('Borrower disputes the late fee in writing');
  await stop.getByRole('button', { name: 'Set the flag' }).click();
  await expect(page.getByText(/^No contact now: Contact is stopped: dispute/)).toBeVisible();

  const contact = page.getByRole('form', { name: 'Log a contact' });
  await contact.getByRole('button', { name: 'Log the contact' }).click();
  await expect(contact.getByRole('alert')).toContainText('Contact is stopped: dispute');
  await expectAccessible(page);

  // the supervisor's teams and stages: each market's default stages and daily cap
  await page.getByRole('link', { name: 'Back to the cases' }).click();
  await page.getByRole('link', { name: 'Teams and stages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Teams and stages' })).toBeVisible();
  const india = page.getByRole('region', { name: 'Stages, India' });
  await expect(india.getByRole('row', { name: /S1 · Early/ })).toContainText('1–7');
  await expect(india.getByRole('table', { name: /^At most/ })).toContainText('At most 3 contacts a day per borrower');
  await expectAccessible(page);

  // the stage screen: Indonesia's S1 kept 6 days instead of 7, saved (audited by the server), then put back
  const indonesia = page.getByRole('region', { name: 'Stages, Indonesia' });
  const edit = indonesia.getByRole('form', { name: 'Edit the stages, Indonesia' });
  await edit.getByLabel('Retention, S1').fill('6');
  await edit.getByRole('button', { name: 'Save the stages of Indonesia' }).click();
  await expect(edit.getByRole('status')).toHaveText('Stages of Indonesia saved (kept in the audit log).');
  await expect(indonesia.getByRole('row', { name: /S1 · Early/ }).first()).toContainText('1–76');
  // ranges that overlap are refused by the server, with why
  await edit.getByLabel('From day, S2').fill('5');
  await edit.getByRole('button', { name: 'Save the stages of Indonesia' }).click();
  await expect(edit.getByRole('alert')).toContainText('S1 and S2 overlap');
  await edit.getByLabel('From day, S2').fill('8');
  await edit.getByLabel('Retention, S1').fill('7');
  await edit.getByRole('button', { name: 'Save the stages of Indonesia' }).click();
  await expect(indonesia.getByRole('row', { name: /S1 · Early/ }).first()).toContainText('1–77');
  await expectAccessible(page);
  await context.close();
});
