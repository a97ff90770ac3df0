import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../lending/clock.js';
import { SANDBOX_AADHAAR_OTP, SANDBOX_OTHER_PERSON, SandboxIdentityProvider } from './sandbox.js';

const selfie = { data: Buffer.from([1, 2, 3]), contentType: 'image/jpeg' };
const indian = (pan: string) =>
  ({ market: 'IN', reference: 'kyc_1', name: 'Meera Iyer', birthDate: '1990-04-12', pan, aadhaar: '234567890124', selfie }) as const;

describe('the sandbox KYC provider', () => {
  it('lets another instance complete a check with UIDAI’s code: its memory travels in the reference, with only the Aadhaar’s last four', async () => {
    const clock = movableClock(new Date('2026-11-26T08:00:00Z'));
    const started = await new SandboxIdentityProvider(clock).start(indian('ABCPE1234F'));
    expect(started).toMatchObject({ status: 'awaiting_otp', aadhaarLast4: '0124' });
    expect(started.providerRef).not.toContain('234567890124');
    expect(Buffer.from(started.providerRef.split('.')[1]!, 'base64url').toString()).not.toContain('234567890124');

    const other = new SandboxIdentityProvider(clock);
    expect(await other.submitOtp(started.providerRef, '000000')).toBe('wrong_code');
    expect(await other.submitOtp(started.providerRef, SANDBOX_AADHAAR_OTP)).toMatchObject({
      status: 'verified',
      documentName: 'MEERA IYER',
      documentBirthDate: '1990-04-12',
    });
  });

  it('decides by the last four: 9002 another person’s name, 9003 pending an hour, 9004 not live, 9005 no document', async () => {
    const clock = movableClock(new Date('2026-11-26T08:00:00Z'));
    const sandbox = new SandboxIdentityProvider(clock);
    const finish = async (pan: string) => sandbox.submitOtp((await sandbox.start(indian(pan))).providerRef, SANDBOX_AADHAAR_OTP);
    expect(await finish('ABCPE9002F')).toMatchObject({ status: 'verified', documentName: SANDBOX_OTHER_PERSON });
    expect(await finish('ABCPE9004F')).toMatchObject({ status: 'failed', failure: 'liveness_failed' });
    expect(await sandbox.start(indian('ABCPE9005F'))).toMatchObject({ status: 'failed', failure: 'document_not_found' });
    const pending = await sandbox.start(indian('ABCPE9003F'));
    expect(await sandbox.submitOtp(pending.providerRef, SANDBOX_AADHAAR_OTP)).toMatchObject({ status: 'pending' });
    clock.advance(60 * 60_000);
    expect(await sandbox.lookup(pending.providerRef)).toMatchObject({ status: 'verified' });
  });
});
