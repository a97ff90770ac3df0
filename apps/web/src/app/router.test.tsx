import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearQueryContext } from '@/shared/query-context';
import { renderWithProviders } from '@/shared/testing/render';
import { currentPath, currentSearch, navigate } from './app-location';
import { AppRouter } from './router';

const visit = (address: string) => window.history.replaceState(null, '', address);

afterEach(() => {
  clearQueryContext();
  visit('/');
});

describe('routing', () => {
  it('routes a #/ address by its hash, keeping the hash query apart', () => {
    visit('/?isNeedPop=1#/borrowDetail/?productId=3&orderId=9');
    expect(currentPath()).toBe('/borrowDetail/');
    expect(currentSearch()).toBe('productId=3&orderId=9');
  });

  it('routes any other address by its path', () => {
    visit('/complainDetails?problemId=4#section');
    expect(currentPath()).toBe('/complainDetails');
    expect(currentSearch()).toBe('problemId=4');
  });

  it('navigates to a hash route and back to a path route', () => {
    visit('/testPreview');
    navigate('#/addnormalcard?orderId=1&from=payway');
    expect(currentPath()).toBe('/addnormalcard');
    navigate('/repay');
    expect(window.location.hash).toBe('');
    expect(currentPath()).toBe('/repay');
  });

  it('shows the not-found page for an address no page serves', async () => {
    visit('/no-such-page?isNeedPop=1');
    await renderWithProviders(<AppRouter />, { market: 'IN', router: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found page for a hash route no page serves rather than the official home', async () => {
    visit('/#/noSuchHashRoute?app_from=x');
    await renderWithProviders(<AppRouter />, { market: 'ID', router: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Halaman tidak ditemukan' })).toBeTruthy();
  });
});
