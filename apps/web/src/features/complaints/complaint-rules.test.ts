import { afterEach, describe, expect, it } from 'vitest';
import * as rules from './complaint-rules';

describe('complaint description', () => {
  it('ignores input beyond 200 characters', () => {
    expect(rules.limitDescription('a'.repeat(201))).toBe('a'.repeat(200));
    expect(rules.limitDescription('late repayment fee')).toBe('late repayment fee');
  });

  it('counts the description as x/200', () => {
    expect(rules.descriptionCounter('')).toBe('0/200');
    expect(rules.descriptionCounter('hello')).toBe('5/200');
    expect(rules.descriptionCounter(rules.limitDescription('b'.repeat(250)))).toBe('200/200');
  });
});

describe('evidence images', () => {
  it('takes at most 9 images; adding beyond is ignored', () => {
    const seven = ['1', '2', '3', '4', '5', '6', '7'];
    expect(rules.addWithinCap(seven, ['8', '9', '10', '11'])).toEqual([...seven, '8', '9']);
    expect(rules.addWithinCap(rules.addWithinCap(seven, ['8', '9']), ['10'])).toHaveLength(9);
    expect(rules.addWithinCap([], ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('lays the images out 3 per row', () => {
    expect(rules.imageRows([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(rules.imageRows([])).toEqual([]);
    expect(rules.imageRows([1, 2, 3, 4, 5, 6, 7, 8, 9])).toHaveLength(3);
  });

  it('joins the image urls with commas, empty if none', () => {
    expect(rules.joinImageUrls([])).toBe('');
    expect(rules.joinImageUrls(['/u/a.jpg', '/u/b.webp'])).toBe('/u/a.jpg,/u/b.webp');
  });
});

describe('the order of a complaint', () => {
  afterEach(() => localStorage.clear());

  it('is saved locally by the entry page and read back by the form', () => {
    expect(rules.readComplaintOrder()).toBe('');
    rules.saveComplaintOrder('KLIDDEMO0003');
    expect(localStorage.getItem('kilat.complaint.order')).toBe('KLIDDEMO0003');
    expect(rules.readComplaintOrder()).toBe('KLIDDEMO0003');
  });

  it('is cleared from local storage once the complaint is sent', () => {
    rules.saveComplaintOrder('KLINDEMO0001');
    rules.clearComplaintOrder();
    expect(rules.readComplaintOrder()).toBe('');
  });
});
