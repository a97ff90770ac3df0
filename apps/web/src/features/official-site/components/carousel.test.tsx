import { PAINTED_FIRST_ATTRIBUTE } from '@kilat/contract/boot-script';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const slides = [
  { image: 'first.svg', caption: 'First banner' },
  { image: 'second.svg', caption: 'Second banner' },
];

const renderCarousel = () =>
  render(
    <Carousel
      slides={slides}
      intervalMs={3000}
      label="Highlights"
      slideLabel={(index, count) => `${index} of ${count}`}
      pauseLabel="Pause"
      playLabel="Play"
    />,
  );

// a hidden slide has no accessible name, so slides are found by their label attribute
const isShowing = (label: string) => screen.getByLabelText(label).getAttribute('aria-hidden') === 'false';

describe('home carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('loads the first banner at once and the others lazily, each with its size', () => {
    const { container } = renderCarousel();
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy']);
    // the first is the one a rendered page's scripts wait for (decision 180)
    expect(images.map((image) => image.getAttribute(PAINTED_FIRST_ATTRIBUTE))).toEqual(['banner', null]);
    for (const image of images) expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['390', '180']);
  });

  it('starts on the first of its two banners', () => {
    renderCarousel();
    expect(isShowing('1 of 2')).toBe(true);
    expect(isShowing('2 of 2')).toBe(false);
  });

  it('moves to the second banner after 3000 ms and wraps back to the first after another 3000 ms', () => {
    renderCarousel();
    act(() => vi.advanceTimersByTime(2999));
    expect(isShowing('1 of 2')).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isShowing('2 of 2')).toBe(true);
    expect(isShowing('1 of 2')).toBe(false);
    act(() => vi.advanceTimersByTime(3000));
    expect(isShowing('1 of 2')).toBe(true);
  });

  it('stops moving while paused and resumes when played', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => vi.advanceTimersByTime(9000));
    expect(isShowing('1 of 2')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(isShowing('2 of 2')).toBe(true);
  });
});
