import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiBase } from '@/shared/http/api-client';
import { clearQueryContext } from '@/shared/query-context';
import { startLocalServer } from '@/shared/testing/local-server';
import { renderWithProviders } from '@/shared/testing/render';
import ComplaintDetailPage from './complaint-detail-page';

const detail = {
  type: 'Repayment',
  sonType: '',
  problemId: 7,
  content: 'My payment is not shown.',
  images: ['/uploads/a.png', '/uploads/b.png'],
  disposeDetail: 'It is shown now.',
  disposeImages: [],
  isScore: 0,
  status: 'Replied',
  repliedAt: '2026-11-20\u00a010:15:00',
  grievance: { deadline: '2026-12-18', daysLeft: 12, mayEscalate: false, extensionReason: '' },
};

let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer();
  setApiBase(server.origin);
  server.handle((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: '00', message: 'success', data: detail }));
  });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  clearQueryContext();
  window.history.replaceState(null, '', '/');
});

const open = () => {
  window.history.replaceState(null, '', '/complainDetails?problemId=7');
  return renderWithProviders(<ComplaintDetailPage />, { market: 'IN', path: '/complainDetails?problemId=7' });
};

describe('complaint detail', () => {
  it('shows where the complaint stands and when it was answered', async () => {
    await open();
    const status = await screen.findByText('Status');
    expect(status.parentElement?.textContent).toContain('Replied');
    expect(screen.getByText('Replied on').parentElement?.textContent).toContain('2026-11-20');
  });

  it('shows the days left to resolve it, the way to the RBI Ombudsman, the grievance officer and WhatsApp (issue 49)', async () => {
    await open();
    expect(await screen.findByText('12 days left for us to resolve your complaint (by 2026-12-18).')).toBeTruthy();
    expect(screen.getByText(/Integrated Ombudsman Scheme, 2021: cms.rbi.org.in, helpline 14448/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Grievance redressal officer' })).toBeTruthy();
    const whatsApp = screen.getByRole('link', { name: 'Chat on WhatsApp' });
    expect(whatsApp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/918047182200\?text=/);
  });

  it('opens an evidence image large in a dialog, which its close button closes', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Enlarge Evidence image 2' }));
    const viewer = screen.getByRole('dialog', { name: 'Evidence image 2' });
    expect(within(viewer).getByRole('img', { name: 'Evidence image 2' }).getAttribute('src')).toBe('/uploads/b.png');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
