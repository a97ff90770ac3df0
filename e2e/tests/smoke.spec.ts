import { API_PREFIX, Endpoints } from '@kilat/contract';
import { expect, test } from '../fixtures.js';

const contactInfoPath = `${API_PREFIX}${Endpoints.contactInfo.path}`;

test('the app shell answers /testPreview with a page', async ({ page }) => {
  const response = await page.goto('/testPreview');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('the API documentation at /docs lists the calls of the contract', async ({ page, request }) => {
  const openApi = await (await request.get('/docs/json')).json();
  expect(Object.keys(openApi.paths)).toContain(contactInfoPath);

  // the page draws the operations as it is scrolled (170 of them): its deep link to the call draws that one
  const operation = openApi.paths[contactInfoPath].post as { tags: string[]; operationId: string };
  const response = await page.goto(`/docs#/${operation.tags[0]}/${operation.operationId}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator(`[data-path="${contactInfoPath}"]`).first()).toBeAttached();
});
