/**
 * A fading carousel (4 seconds a slide). It pauses on hover and focus, has a
 * pause button, and does not move by itself when the person prefers reduced motion.
 */
import { useEffect, useState, type ReactNode } from 'react';
import '@messages/ui';
import { useT } from './WidgetRoot';

export const CAROUSEL_INTERVAL_MS = 4000;

export interface CarouselProps {
  label: string;
  slides: readonly { id: string; content: ReactNode }[];
  intervalMs?: number;
  slideLabel: (n: number, total: number) => string;
  pauseLabel?: string;
  playLabel?: string;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Carousel({
  label,
  slides,
  intervalMs = CAROUSEL_INTERVAL_MS,
  slideLabel,
  pauseLabel,
  playLabel,
}: CarouselProps) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const count = slides.length;
  useEffect(() => {
    if (paused || hovered || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [paused, hovered, count, intervalMs]);
  const current = Math.min(index, Math.max(count - 1, 0));
  if (count === 0) return null;
  return (
    <section
      className="sm-carousel"
      aria-roledescription={t('ui.carousel')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      {slides.map((slide, i) => (
        <div
          key={slide.id}
          className="sm-slide"
          role="group"
          aria-roledescription={t('ui.slide')}
          aria-label={slideLabel(i + 1, count)}
          hidden={i !== current}
          data-active={i === current}
        >
          {slide.content}
        </div>
      ))}
      {count > 1 ? (
        <div className="sm-carousel-controls">
          <button type="button" className="sm-carousel-pause" onClick={() => setPaused((p) => !p)}>
            {paused ? (playLabel ?? t('ui.play')) : (pauseLabel ?? t('ui.pause'))}
          </button>
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className="sm-dot"
              aria-label={slideLabel(i + 1, count)}
              aria-current={i === current}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
