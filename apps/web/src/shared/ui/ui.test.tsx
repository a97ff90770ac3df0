import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/shared/testing/render';
import { Empty, Page } from './index';

describe('Page', () => {
  it('sets the document title, a level-1 heading and the main landmark', async () => {
    await renderWithProviders(
      <Page title="About us">
        <p>Welcome</p>
      </Page>,
      { market: 'IN' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('Welcome');
    expect(document.title).toBe('About us');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('offers a back button that does what the page asks', async () => {
    const back = vi.fn();
    await renderWithProviders(<Page title="Repay" back={back} />, { market: 'IN' });
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledOnce();
  });
});

describe('Empty', () => {
  it('shows the default empty text in the active language', async () => {
    await renderWithProviders(<Empty />, { market: 'ID' });
    expect(await screen.findByText('Belum ada data')).toBeTruthy();
  });
});
