/**
 * Issue 47's gateway settlement against the ledger (decision 276) in a desktop browser: a supervisor
 * uploads Razorpay's settlement recon with a payment the ledger does not hold; it waits under
 * "Differences waiting" with what the gateway settled, its fee and tax; resolved with a note it moves
 * to "Resolved" with the note and who wrote it. Axe clean.
 */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';

test("a gateway's settlement report: a payment the ledger does not hold waits as a difference and is resolved with a note", async ({
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const entityId = `pay_E2E${Date.now()}`;
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  const supervisor = await demoOperator(request, 'supervisor');
  await signInAs(page, supervisor);
  await page.getByRole('link', { name: 'Bank statements' }).click();
  await page.getByRole('link', { name: 'gateway settlement reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gateway settlement reports' })).toBeVisible();

  // Razorpay's recon items, their fields as columns; amounts in paise; a refund is read past
  const report = [
    'entity_id,type,debit,credit,amount,currency,fee,tax,on_hold,settled,created_at,settled_at,settlement_id,settlement_utr,order_id,notes',
    `${entityId},payment,0,48820,50000,INR,1000,180,false,true,1765000000,1765100000,setl_E2E,UTR1,,{}`,
    `rfnd_E2E${Date.now()},refund,3000,0,3000,INR,0,0,false,true,1765000000,1765100000,setl_E2E,UTR1,,{}`,
  ].join('\n');
  const upload = page.getByRole('form', { name: 'Upload a settlement report' });
  await upload
    .getByLabel('Razorpay settlement recon (CSV)')
    .setInputFiles({ name: 'recon.csv', mimeType: 'text/csv', buffer: Buffer.from(report) });
  await upload.getByRole('button', { name: 'Upload the report' }).click();
  await expect(upload.getByRole('status')).toContainText('razorpay: 1 payments, 0 matched, 0 already read,');

  const waiting = page.getByRole('table', { name: /\d+ waiting/ });
  const row = waiting.getByRole('row').filter({ hasText: entityId });
  await expect(row).toContainText('₹500.00');
  await expect(row).toContainText('₹10.00 + ₹1.80');
  await expect(row).toContainText('Not in the ledger');
  await expectAccessible(page);

  const note = `Payment of the old checkout, matched by hand ${Date.now()}`;
  const resolve = page.getByRole('form', { name: `Resolve ${entityId}` });
  await resolve.getByLabel('Note').fill(note);
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(waiting.getByRole('row').filter({ hasText: entityId })).toHaveCount(0);
  const resolved = page
    .getByRole('table', { name: /\d+ resolved/ })
    .getByRole('row')
    .filter({ hasText: entityId });
  await expect(resolved).toContainText(note);
  await expect(resolved).toContainText(supervisor.name);
  await context.close();
});
