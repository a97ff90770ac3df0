import { describe, expect, it } from 'vitest';
import { applyTheme, envConfig } from './env-config';

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('environment config', () => {
  it('has dark text on the yellow background with at least AA contrast', () => {
    expect(contrast(envConfig.fontColor, envConfig.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });

  it('has a green link colour readable on yellow and on white', () => {
    expect(contrast(envConfig.linkColor, envConfig.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(envConfig.linkColor, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('names a licensed lender with address, phone and e-mail for each market', () => {
    for (const market of ['IN', 'ID'] as const) {
      const company = envConfig.company[market];
      expect(company.name && company.address && company.phone && company.email).toBeTruthy();
      expect(envConfig.appName[market]).toBe('Kilat');
    }
  });

  it('embeds the app’s own privacy policy page in the official site', () => {
    expect(envConfig.policyUrl).toBe('/privacyPolicy');
  });

  it('exposes the colours as CSS variables', () => {
    const root = document.createElement('div');
    applyTheme(root);
    expect(root.style.getPropertyValue('--color-brand')).toBe(envConfig.backgroundColor);
    expect(root.style.getPropertyValue('--color-link')).toBe(envConfig.linkColor);
  });
});
