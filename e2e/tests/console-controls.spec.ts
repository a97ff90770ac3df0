/**
 * Issue 47's control matrix (decisions 232 and 275), in a desktop browser: an admin reads each
 * market's limits (per order and per operator a business day without a second person), changes one
 * with a reason, reads it back with who changed it, and finds the change in the audit log; a risk
 * operator reads the matrix but is offered no change. Both screens axe clean.
 */
import { formatMoney } from '@kilat/contract';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';

test('an admin changes a limit of the control matrix with a reason, audited; risk only reads it', async ({ request, browser, baseURL }) => {
  test.slow();
  const adminContext = await desktopContext(browser, baseURL);
  const page = await adminContext.newPage();
  const admin = await demoOperator(request, 'admin');
  await signInAs(page, admin);
  await page.getByRole('link', { name: 'Control matrix' }).click();
  await expect(page.getByRole('heading', { name: 'Control matrix', level: 1 })).toBeVisible();
  const india = page.getByRole('table', { name: 'Limits in India' });
  await expect(india.getByRole('rowheader')).toHaveText(['Penalty waiver', 'Write-off', 'Offline repayment']);
  await expect(page.getByRole('table', { name: 'Limits in Indonesia' }).getByRole('row').filter({ hasText: 'Write-off' })).toContainText(
    'Rp',
  );
  await expectAccessible(page);

  // Indonesia's write-off limits, raised by one rupiah: other tests' write-offs are not changed by it
  const form = page.getByRole('form', { name: 'Change a limit' });
  await form.getByLabel('Market').selectOption('ID');
  await form.getByLabel('Action').selectOption('write_off');
  const perOrderField = form.getByLabel(/^Alone per order a day/);
  await expect(perOrderField).not.toHaveValue('');
  const perOrder = Number(await perOrderField.inputValue()) + 1;
  const perOperator = Number(await form.getByLabel(/^Alone per operator a day/).inputValue()) + 1;
  await perOrderField.fill(String(perOrder));
  await form.getByLabel(/^Alone per operator a day/).fill(String(perOperator));
  const reason = `Auditor's letter ${Date.now()}`;
  await form.getByLabel('Reason for the change').fill(reason);
  await form.getByRole('button', { name: 'Change the limits' }).click();
  const shown = formatMoney(Math.round(perOrder * 100), 'ID');
  await expect(form.getByRole('status')).toContainText(`Indonesia, write-off: ${shown} per order`);
  const row = page.getByRole('table', { name: 'Limits in Indonesia' }).getByRole('row').filter({ hasText: 'Write-off' });
  await expect(row).toContainText(shown);
  await expect(row).toContainText(admin.name);

  // the audit log keeps it
  await page.getByRole('main').getByRole('link', { name: 'audit log' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'money-controls.change' }).first()).toBeVisible();
  await adminContext.close();

  // risk reads the matrix and is offered no change
  const riskContext = await desktopContext(browser, baseURL);
  const risk = await riskContext.newPage();
  await signInAs(risk, await demoOperator(request, 'risk'));
  await risk.getByRole('link', { name: 'Control matrix' }).click();
  await expect(risk.getByRole('table', { name: 'Limits in Indonesia' }).getByRole('row').filter({ hasText: 'Write-off' })).toContainText(
    shown,
  );
  await expect(risk.getByRole('form', { name: 'Change a limit' })).toHaveCount(0);
  await expectAccessible(risk);
  await riskContext.close();
});
