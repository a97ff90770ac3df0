import { afterEach, describe, expect, it } from 'vitest';
import {
  addWithinCap,
  clearComplaintOrder,
  descriptionCounter,
  imageRows,
  joinImageUrls,
  limitDescription,
  readComplaintOrder,
  saveComplaintOrder,
} from './complaint-rules';

describe('complaint description', () => {
  it('ignores input beyond 200 characters', () => {
    expect(limitDescription('a'.repeat(201))).toBe('a'.repeat(200));
    expect(limitDescription('late repayment fee')).toBe('late repayment fee');
  });

  it('counts the description as x/200', () => {
    expect(descriptionCounter('')).toBe('0/200');
    expect(descriptionCounter('hello')).toBe('5/200');
    expect(descriptionCounter(limitDescription('b'.repeat(250)))).toBe('200/200');
  });
});

describe('evidence images', () => {
  it('takes at most 9 images; adding beyond is ignored', () => {
    const seven = ['1', '2', '3', '4', '5', '6', '7'];
    expect(addWithinCap(seven, ['8', '9', '10', '11'])).toEqual([...seven, '8', '9']);
    expect(addWithinCap(addWithinCap(seven, ['8', '9']), ['10'])).toHaveLength(9);
    expect(addWithinCap([], ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('lays the images out 3 per row', () => {
    expect(imageRows([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(imageRows([])).toEqual([]);
    expect(imageRows([1, 2, 3, 4, 5, 6, 7, 8, 9])).toHaveLength(3);
  });

  it('joins the image urls with commas, empty if none', () => {
    expect(joinImageUrls([])).toBe('');
    expect(joinImageUrls(['/u/a.jpg', '/u/b.webp'])).toBe('/u/a.jpg,/u/b.webp');
  });
});

describe('the order of a complaint', () => {
  afterEach(() => localStorage.clear());

  it('is saved locally by the entry page and read back by the form', () => {
    expect(readComplaintOrder()).toBe('');
    saveComplaintOrder('KLIDDEMO0003');
    expect(localStorage.getItem('kilat.complaint.order')).toBe('KLIDDEMO0003');
    expect(readComplaintOrder()).toBe('KLIDDEMO0003');
  });

  it('is cleared from local storage once the complaint is sent', () => {
    saveComplaintOrder('KLINDEMO0001');
    clearComplaintOrder();
    expect(readComplaintOrder()).toBe('');
  });
});
