import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Countdown } from '@/shared/hooks/use-countdown';
import { PhoneField, SmsCodeField } from './phone-code-fields';

const idle: Countdown = { remaining: 60, running: false, start: () => {}, reset: () => {} };
const counting: Countdown = { ...idle, remaining: 42, running: true };

const codeField = (countdown: Countdown, sending = false, onGetCode = vi.fn()) =>
  render(
    <SmsCodeField
      id="sms"
      label="SMS code"
      value=""
      onChange={() => {}}
      countdown={countdown}
      countdownText="{seconds} s"
      getCodeText="Get code"
      onGetCode={onGetCode}
      sending={sending}
    />,
  );

describe('phone and code fields', () => {
  afterEach(cleanup);

  it('groups the phone as the market writes it and reads the hint with the field', () => {
    const onChange = vi.fn();
    render(<PhoneField id="phone" label="Phone" hint="10 digits" value="" market="IN" autoComplete="tel-national" onChange={onChange} />);
    const phone = screen.getByLabelText('Phone');
    expect(phone.getAttribute('aria-describedby')).toBe('phone-hint');
    fireEvent.change(phone, { target: { value: '9876543210' } });
    expect(onChange).toHaveBeenCalledWith('98765 43210');
  });

  it('shows the seconds left while counting down, and a tap then still answers', () => {
    const onGetCode = vi.fn();
    codeField(counting, false, onGetCode);
    const button = screen.getByRole('button', { name: '42 s' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onGetCode).toHaveBeenCalledOnce();
  });

  it('disables get code while the code is being sent', () => {
    codeField(idle, true);
    expect((screen.getByRole('button', { name: 'Get code' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
