import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/shared/testing/render';
import { Modal } from './modal';
import { StarRating } from './star-rating';

afterEach(cleanup);

describe('StarRating', () => {
  it('offers 5 stars; tapping star n chooses n and fills stars 1..n', async () => {
    const onChange = vi.fn();
    const { container } = await renderWithProviders(
      <StarRating value={3} onChange={onChange} legend="Rate" starLabel={(n) => `${n} stars`} />,
    );
    expect(await screen.findAllByRole('radio')).toHaveLength(5);
    expect((screen.getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(container.querySelectorAll('[data-filled="true"]')).toHaveLength(3);
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(onChange).toHaveBeenCalledWith(5);
  });
});

describe('Modal', () => {
  it('is a dialog named by its title that takes the focus, and Escape closes it', async () => {
    const onClose = vi.fn();
    await renderWithProviders(
      <Modal open title="Please rate this service" onClose={onClose}>
        <p>body</p>
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Please rate this service' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows nothing while closed', async () => {
    await renderWithProviders(<Modal open={false} title="Successfully Sent" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
