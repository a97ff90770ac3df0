import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, safeColor, textColorOn } from './colors';

describe('template colours', () => {
  it('measure contrast as WCAG 2.1 does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it('put dark text on light colours and white text on dark ones', () => {
    expect(readableTextOn('#ffd21f')).toBe('#1f1f1f');
    expect(readableTextOn('#07601f')).toBe('#ffffff');
    expect(readableTextOn('not a colour')).toBe('#1f1f1f');
  });

  it("keep the template's text colour only when it reads at WCAG AA", () => {
    expect(textColorOn('#ffffff', '#333333')).toBe('#333333');
    expect(textColorOn('#ffffff', '#ffee00')).toBe('#1f1f1f');
    expect(textColorOn('#0b3d91', undefined)).toBe('#ffffff');
  });

  it('accept only hex colours from a template, so a template never injects CSS', () => {
    expect(safeColor('#12ab34', '#fff')).toBe('#12ab34');
    expect(safeColor('red; background: url(x)', '#fff')).toBe('#fff');
    expect(safeColor(undefined, '#fff')).toBe('#fff');
  });
});
