import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import idPack from '@/shared/i18n/packs/id-ID';
import { renderWithProviders } from '@/shared/testing/render';
import { DetailRows, DocumentSections, Empty, LoadFailed, Page, QueryState } from './index';

afterEach(cleanup);

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

/** A page's load through a real query: its function decides pending, failure or data. */
function Offer({ load, onError }: { load: () => Promise<string>; onError?: ReactNode }) {
  const query = useQuery({ queryKey: ['offer'], queryFn: load, retry: false });
  return (
    <QueryState query={query} failed="We could not load the offer." onError={onError}>
      {(offer) => <p>Offer: {offer}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the spinner while the load is pending', async () => {
    await renderWithProviders(<Offer load={() => new Promise(() => {})} />, { market: 'ID' });
    expect((await screen.findByText(idPack.loading)).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText(/Offer:/)).toBeNull();
  });

  it("shows the page's own failure text, and retry asks again and shows the data", async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('Rp 1.000.000');
    await renderWithProviders(<Offer load={load} />, { market: 'ID' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the offer.');
    fireEvent.click(within(alert).getByRole('button', { name: idPack.retry }));
    expect((await screen.findByText('Offer: Rp 1.000.000')).tagName).toBe('P');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows what the page gives for a failure instead of the retry block (a silent failure shows nothing)', async () => {
    await renderWithProviders(<Offer load={() => Promise.reject(new Error('down'))} onError={<p>Nothing to show</p>} />, { market: 'ID' });
    expect(await screen.findByText('Nothing to show')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    await renderWithProviders(<Offer load={() => Promise.reject(new Error('down'))} onError={null} />, { market: 'ID' });
    await vi.waitFor(() => expect(screen.queryByText(idPack.loading)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Offer:/)).toBeNull();
  });

  it('hands the data to the page once it is there', async () => {
    await renderWithProviders(<Offer load={() => Promise.resolve('₹5,000.00')} />, { market: 'ID' });
    expect(await screen.findByText('Offer: ₹5,000.00')).toBeTruthy();
    expect(screen.queryByText(idPack.loading)).toBeNull();
  });
});

describe('DetailRows', () => {
  it('lists each label as a term and its value as the definition, in order, named for screen readers', async () => {
    const { container } = await renderWithProviders(
      <DetailRows
        label="Order details"
        rows={[
          { label: 'Loan amount', value: '₹5,000.00' },
          { label: 'Due date', value: <time>2026-12-01</time> },
        ]}
      />,
      { market: 'IN' },
    );
    const list = container.querySelector('dl');
    expect(list?.getAttribute('aria-label')).toBe('Order details');
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Loan amount', 'Due date']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['₹5,000.00', '2026-12-01']);
    expect(screen.getAllByRole('definition')[1]?.querySelector('time')).toBeTruthy();
  });

  it('leaves out the rows a page gave as false, null or undefined, and shows nothing when none is left', async () => {
    const { container, rerender } = await renderWithProviders(
      <DetailRows rows={[false, { label: 'Method', value: 'BCA · ATM' }, null, undefined]} />,
      { market: 'ID' },
    );
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Method']);
    rerender(<DetailRows rows={[false, null]} />);
    expect(container.querySelector('dl')).toBeNull();
  });
});
