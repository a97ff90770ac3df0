/**
 * Who lends and whom to complain to, on the borrower's documents (issue 49, decision 220): the
 * agreement and India's key fact statement name the configured lender, its registration and its
 * grievance contact, with the way to the regulator's scheme.
 */
import { DefaultCompanyContacts, Market } from '@kilat/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';

const lender = {
  ...DefaultCompanyContacts.IN,
  name: 'Lender Finance Private Limited',
  registration: 'RBI CoR N-14.03268',
  grievance: { name: 'Meera Iyer', phone: '+91 80 6000 1234', email: 'nodal@lender.example' },
};
const t = useTestApp({ config: { company: { IN: lender, ID: DefaultCompanyContacts.ID } } });
let india: DemoSession;
let indonesia: DemoSession;

beforeAll(async () => {
  [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
}, SETUP_TIMEOUT_MS);

const documentOf = async (session: DemoSession, position: string) => {
  const [entry] = await t.app.orders.listForBorrower(Number(session.userId));
  const body = { orderId: String(entry!.order.id), productId: String(entry!.order.productId), scene: '3', position };
  const url: string = (await call(t.app, 'contractJump', { session, query: { market: session.market }, body })).json().data.contract_url;
  return (await t.app.inject({ method: 'GET', url })).body;
};

describe('the lender on the agreement and the key fact statement', () => {
  it('names the configured lender, its registered address and registration, and the nodal grievance officer with the RBI Ombudsman (India)', async () => {
    for (const position of ['0', '1']) {
      const page = await documentOf(india, position);
      expect(page).toContain('Lender Finance Private Limited');
      expect(page).toContain('RBI CoR N-14.03268');
      expect(page).toContain(DefaultCompanyContacts.IN.address);
      expect(page).toContain('Nodal grievance redressal officer');
      expect(page).toContain('Meera Iyer');
      expect(page).toContain('nodal@lender.example');
      expect(page).toContain('cms.rbi.org.in, helpline 14448');
    }
    expect(await documentOf(india, '0')).toContain('between Lender Finance Private Limited (the lender)');
  });

  it("names Indonesia's lender, its OJK licence and complaint desk, with the way to OJK and LAPS SJK, in Indonesian", async () => {
    const page = await documentOf(indonesia, '0');
    expect(page).toContain(`antara ${DefaultCompanyContacts.ID.name} (pemberi pinjaman)`);
    expect(page).toContain(DefaultCompanyContacts.ID.registration);
    expect(page).toContain(DefaultCompanyContacts.ID.grievance.email);
    expect(page).toContain('LAPS SJK');
    expect(page).not.toContain('licensed lending company');
  });
});
