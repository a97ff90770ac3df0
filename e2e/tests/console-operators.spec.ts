/** Operators (issue 31 item 5): an admin invites one; they enrol through their one-time link; the admin disables them. */
import { demoOperator, desktopContext, freshCode, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';

test('an admin adds an agent who sets their own password and TOTP through a one-time link, signs in, and is signed out when disabled', async ({
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now();
  const newcomer = { name: `Nia Newcomer ${stamp}`, email: `nia.${stamp}@kilat.test`, password: `nia-own-password-${stamp}` };

  const adminContext = await desktopContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, await demoOperator(request, 'admin'));
  await admin.getByRole('link', { name: 'Operators' }).click();
  const form = admin.getByRole('form', { name: 'New operator' });
  await form.getByLabel('Name').fill(newcomer.name);
  await form.getByLabel('Email').fill(newcomer.email);
  await form.getByLabel('Role').selectOption('agent');
  await form.getByRole('button', { name: 'Add operator' }).click();
  const handed = admin.getByRole('status').filter({ hasText: 'one-time link' });
  await expect(handed).toBeVisible();
  // the admin is shown a link, never a password or a TOTP secret
  const link = ((await handed.locator('code').textContent()) ?? '').trim();
  expect(link).toMatch(/\/console\/enrol#[\w-]{43}$/);
  const row = admin.getByRole('row').filter({ hasText: newcomer.email });
  await expect(row).toContainText('not enrolled');
  await expectAccessible(admin);

  // the newcomer opens the link in their own browser
  const ownContext = await desktopContext(browser, baseURL);
  const own = await ownContext.newPage();
  await own.goto(link);
  const setup = own.getByRole('form', { name: 'Set up your account' });
  await expect(setup).toContainText(newcomer.email);
  const secret = ((await setup.locator('code').first().textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(own);
  await setup.getByLabel('New password').fill(newcomer.password);
  await setup.getByLabel('The password again').fill(newcomer.password);
  await setup.getByLabel('Code from your authenticator app').fill(await freshCode(own, newcomer.email, secret));
  await setup.getByRole('button', { name: 'Set up my account' }).click();
  await expect(own.getByRole('status')).toContainText('Your password and authenticator are set');
  // the link works once
  await own.reload();
  await expect(own.getByRole('alert')).toContainText('not valid');

  await signInAs(own, { ...newcomer, role: 'agent', totpSecret: secret });
  await expect(own.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();

  await admin.reload();
  await expect(row).toContainText('Active');
  admin.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');

  // the disabled agent's very next call is refused: back to sign in
  await own.getByRole('link', { name: 'Templates' }).click();
  await expect(own.getByText('Your session ended. Sign in again.')).toBeVisible();
  await ownContext.close();
  await adminContext.close();
});
