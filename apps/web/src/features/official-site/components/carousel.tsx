import { useEffect, useState } from 'react';
import styles from '../official-site.module.css';
import { nextSlide } from '../sections';

export interface CarouselSlide {
  image: string;
  caption: string;
}

interface CarouselProps {
  slides: readonly CarouselSlide[];
  intervalMs: number;
  label: string;
  slideLabel: (index: number, count: number) => string;
  pauseLabel: string;
  playLabel: string;
}

/** Auto-playing, endless banner carousel (spec §2) following the WAI-ARIA carousel pattern. */
export function Carousel({ slides, intervalMs, label, slideLabel, pauseLabel, playLabel }: CarouselProps) {
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (!playing || slides.length < 2) return;
    const timer = window.setInterval(() => setCurrent((index) => nextSlide(index, slides.length)), intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, slides.length, intervalMs]);

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label}>
      <div className={styles.carouselViewport} aria-live={playing ? 'off' : 'polite'}>
        <div className={styles.carouselTrack} style={{ transform: `translateX(-${current * 100}%)` }}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group with a roledescription (WAI-ARIA carousel pattern), not a form fieldset
            <div
              key={slide.image}
              className={styles.carouselSlide}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(index + 1, slides.length)}
              aria-hidden={index !== current}
              data-active={index === current}
            >
              {/* decorative: the caption says it; the first banner is seen at once (the page's scripts wait for its
                  paint, decision 180), the others load when needed */}
              <img
                src={slide.image}
                alt=""
                width={390}
                height={180}
                loading={index === 0 ? 'eager' : 'lazy'}
                elementtiming={index === 0 ? 'banner' : undefined}
                decoding="async"
              />
              <p className={styles.carouselCaption}>{slide.caption}</p>
            </div>
          ))}
        </div>
      </div>
      <button type="button" className={styles.carouselToggle} onClick={() => setPlaying((value) => !value)}>
        {playing ? pauseLabel : playLabel}
      </button>
    </section>
  );
}
