import { describe, expect, it } from 'vitest';
import { isContactFormComplete, nextSlide, officialSections, sectionForPath } from './sections';

describe('official site sections', () => {
  it('lists Home, About us, User reviews, Privacy Policy, Loan Terms and Contact us in that order', () => {
    expect(officialSections.map((section) => section.path)).toEqual(['/', '/About', '/User', '/Policy', '/Loan', '/Contact']);
  });

  it('shows the section named by the address, and Home for the root', () => {
    expect(sectionForPath('/')).toBe('home');
    expect(sectionForPath('/Policy')).toBe('policy');
    expect(sectionForPath('/Loan')).toBe('loan');
    expect(sectionForPath('/About')).toBe('about');
    expect(sectionForPath('/User')).toBe('user');
    expect(sectionForPath('/Contact')).toBe('contact');
    expect(sectionForPath('/Contact/')).toBe('contact');
  });
});

describe('official contact form', () => {
  it('is complete only when Company, Subject and Message are all filled', () => {
    expect(isContactFormComplete({ company: 'Acme', subject: 'Hello', message: 'Hi there' })).toBe(true);
    expect(isContactFormComplete({ company: '', subject: 'Hello', message: 'Hi there' })).toBe(false);
    expect(isContactFormComplete({ company: 'Acme', subject: '', message: 'Hi there' })).toBe(false);
    expect(isContactFormComplete({ company: 'Acme', subject: 'Hello', message: '' })).toBe(false);
  });

  it('treats a field of only spaces as empty', () => {
    expect(isContactFormComplete({ company: '   ', subject: 'Hello', message: 'Hi there' })).toBe(false);
    expect(isContactFormComplete({ company: 'Acme', subject: 'Hello', message: '\n\t ' })).toBe(false);
  });
});

describe('home carousel order', () => {
  it('advances from the first banner to the second and wraps back to the first', () => {
    expect(nextSlide(0, 2)).toBe(1);
    expect(nextSlide(1, 2)).toBe(0);
  });
});
