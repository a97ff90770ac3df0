import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { logoInitial, ProductLogo } from './product-logo';

afterEach(cleanup);

describe('logoInitial', () => {
  it('takes the first letter or digit of the name, upper-cased', () => {
    expect(logoInitial('Rupee Rocket')).toBe('R');
    expect(logoInitial('  kantong Aman')).toBe('K');
    expect(logoInitial('"99 Cash"')).toBe('9');
    expect(logoInitial('')).toBe('?');
  });
});

describe('ProductLogo', () => {
  it('shows the logo as a decorative, sized image, lazy only when asked', () => {
    const { container, rerender } = render(<ProductLogo src="/logos/in-cashnest.svg" name="CashNest" />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/logos/in-cashnest.svg');
    expect(image?.getAttribute('alt')).toBe('');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['40', '40']);
    expect(image?.getAttribute('loading')).toBe('eager');
    rerender(<ProductLogo src="/logos/in-cashnest.svg" name="CashNest" lazy />);
    expect(container.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByTestId('logo-tile')).toBeNull();
  });

  it('falls back to a letter tile when the logo fails to load, and tries a new address again', () => {
    const { container, rerender } = render(<ProductLogo src="/logos/missing.svg" name="Dana Cepat" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    const tile = screen.getByTestId('logo-tile');
    expect(tile.textContent).toBe('D');
    expect(tile.getAttribute('aria-hidden')).toBe('true');
    rerender(<ProductLogo src="/logos/id-dana-cepat.svg" name="Dana Cepat" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/logos/id-dana-cepat.svg');
  });

  it('shows the letter tile when the product has no logo', () => {
    render(<ProductLogo src="" name="Gajian Plus" />);
    expect(screen.getByTestId('logo-tile').textContent).toBe('G');
  });
});
