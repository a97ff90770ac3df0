/** The relative luminance of a #rgb or #rrggbb colour (WCAG 2.1), or null when it is not one. */
const luminance = (hex: string): number | null => {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** The WCAG 2.1 contrast ratio of two colours, or null when either is not a hex colour. */
export const contrastRatio = (a: string, b: string): number | null => {
  const [la, lb] = [luminance(a), luminance(b)];
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/** WCAG AA for normal text. */
const AA = 4.5;

const DARK = '#1f1f1f';
const LIGHT = '#ffffff';

/**
 * The text colour that reads best on a template's colour: templates are configured per channel,
 * so the page picks dark or white text rather than trusting every colour to pass WCAG AA.
 */
export const readableTextOn = (background: string): string => {
  const bg = luminance(background);
  if (bg === null) return DARK;
  const dark = luminance(DARK)!;
  const onDark = (bg + 0.05) / (dark + 0.05);
  const onLight = 1.05 / (bg + 0.05);
  return onDark >= onLight ? DARK : LIGHT;
};

/** The template's text colour when it reads on the background at AA, else dark or white, whichever reads best. */
export const textColorOn = (background: string, preferred: string | undefined): string => {
  const ratio = preferred ? contrastRatio(preferred, background) : null;
  return ratio !== null && ratio >= AA ? preferred!.trim() : readableTextOn(background);
};

/** A template colour if it is a plain hex colour, else the fallback (a template never injects CSS). */
export const safeColor = (color: string | undefined, fallback: string): string =>
  color && luminance(color) !== null ? color.trim() : fallback;
