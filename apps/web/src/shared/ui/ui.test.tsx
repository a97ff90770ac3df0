import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import idPack from '@/shared/i18n/packs/id-ID';
import { renderWithProviders } from '@/shared/testing/render';
import { DocumentSections, Empty, LoadFailed, Page } from './index';

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

describe('DocumentSections', () => {
  it('shows each section under its heading with paragraphs, list and closing paragraphs, values filled in', async () => {
    const sections = [
      { heading: 'Penalties', paragraphs: ['Flat fee {flat}.'], items: ['Days 1-30: {rate}'], after: ['Never compounded.'] },
      { heading: 'Contacts', paragraphs: ['Write to {email}.'] },
    ];
    await renderWithProviders(
      <DocumentSections sections={sections} values={{ flat: 'Rs.1,000', rate: '5%', email: 'a@b.in' }} headingLevel={3} />,
      {
        market: 'IN',
      },
    );
    const headings = (await screen.findAllByRole('heading', { level: 3 })).map((heading) => heading.textContent);
    expect(headings).toEqual(['Penalties', 'Contacts']);
    expect(screen.getByText('Flat fee Rs.1,000.')).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('Days 1-30: 5%');
    expect(screen.getByText('Never compounded.')).toBeTruthy();
    expect(screen.getByText('Write to a@b.in.')).toBeTruthy();
  });
});

describe('LoadFailed', () => {
  it('announces the failure in the active language and retries on request', async () => {
    const retry = vi.fn();
    await renderWithProviders(<LoadFailed onRetry={retry} />, { market: 'ID' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(idPack.loadFailed);
    fireEvent.click(screen.getByRole('button', { name: idPack.retry }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
