import { useState } from 'react';

/** The letter a product's fallback tile shows: the first letter or digit of its name, upper-cased. */
export function logoInitial(name: string): string {
  const letter = name.trim().match(/[\p{L}\p{N}]/u)?.[0];
  return letter ? letter.toLocaleUpperCase() : '?';
}

interface ProductLogoProps {
  /** the logo's address, e.g. /logos/<code>.svg (decision 085) */
  src: string | null | undefined;
  /** the product's name, which the page shows next to the logo; the fallback tile takes its initial */
  name: string;
  className?: string;
  /** below the fold: let the browser load it when it comes near the viewport */
  lazy?: boolean;
}

/**
 * A product's logo, 40×40. The name beside it says what it is, so the image is decorative (alt="");
 * when there is no logo or it fails to load, a letter tile takes its place (decision 085).
 */
export function ProductLogo({ src, name, className, lazy = false }: ProductLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = className ? `product-logo ${className}` : 'product-logo';
  if (!src || failedSrc === src) {
    return (
      <span className={`${classes} product-logo-tile`} aria-hidden="true" data-testid="logo-tile">
        {logoInitial(name)}
      </span>
    );
  }
  return (
    <img
      className={classes}
      src={src}
      alt=""
      width={40}
      height={40}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
