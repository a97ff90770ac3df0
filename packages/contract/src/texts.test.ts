import { describe, expect, it } from 'vitest';
import { enIN } from './texts/en-IN.js';
import { idID } from './texts/id-ID.js';
import { interpolate } from './texts.js';

describe('the language packs', () => {
  it('has every text in both English (India) and Bahasa Indonesia, none empty', () => {
    expect(Object.keys(idID).sort()).toEqual(Object.keys(enIN).sort());
    for (const pack of [enIN, idID]) for (const [key, text] of Object.entries(pack)) expect(text.trim(), key).not.toBe('');
  });

  it('keeps the spec English texts exactly', () => {
    expect(enIN.contactFormIncomplete).toBe('Please provide complete information!');
    expect(enIN.contactFormSent).toBe('Submit successfully!');
    expect(enIN.collectionNotSupported).toBe('The selected order does not support sending collection types');
    expect(enIN.fillInComments).toBe('Please fill in your comments and suggestions');
    expect(enIN.doNotSubmitTwice).toBe('Do not submit repayment request twice');
  });

  it('keeps the spec Indonesian texts exactly', () => {
    expect(idID.pleaseChoose).toBe('Silakan pilih');
    expect(idID.resolved).toBe('Terselesaikan');
    expect(idID.notResolved).toBe('Belum Terselesaikan');
    expect(idID.rateYourApplication).toBe('Puas dengan pengajuan Anda? Yuk beri ulasan!');
    expect(idID.contactCustomerService).toBe('Hubungi CS');
    expect(idID.completeTheInformation).toBe('Silakan lengkapi informasinya');
    expect(idID.specialOffers).toBe('Pengajuan Khusus');
    expect(idID.chooseProblemCategory).toBe('Pilih jenis permasalahan');
  });

  it('fills named values into a text and leaves unknown names as written', () => {
    expect(interpolate('missing: {fields}', { fields: 'orderNo' })).toBe('missing: orderNo');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
