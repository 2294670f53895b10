import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from '../home.module.css';

const SLIDE_MS = 300;
/** A swipe of more than this share of the width turns the page. */
const SWIPE_SHARE = 0.2;

export type CarouselProps = {
  /** One node per slide, each with its key. */
  slides: readonly ReactNode[];
  /** Autoplay: the next slide every this many ms (spec §2: banners 4 s, ticker 3 s). */
  intervalMs: number;
  direction?: 'horizontal' | 'vertical';
  /** Dots under a horizontal carousel, as antd-mobile's Swiper shows them. */
  indicator?: boolean;
  /** A finger may swipe it (horizontal only). */
  swipe?: boolean;
  className?: string;
};

/**
 * The home page's looping carousels (header banners, order ticker): slides stacked in one grid
 * cell, each moved with a transform, so the carousel is as tall as its slides and nothing around
 * it moves. It replaces antd-mobile's Swiper there, whose spring and gesture libraries (25 KB
 * gzip) loaded after the first paint and then mounted the banners again in long tasks; this one is
 * part of the page from its first render. No slide is copied: each banner is in the page once.
 */
export function Carousel({
  slides,
  intervalMs,
  direction = 'horizontal',
  indicator = false,
  swipe = false,
  className,
}: CarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  /** The slide that just left (it glides out before it waits on the other side; two slides only). */
  const [leaving, setLeaving] = useState<number | null>(null);
  const [drag, setDrag] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const touching = useRef(false);
  const shown = useRef(0);
  /** Each slide's place as last painted (-1 before, 0 shown, 1… after). */
  const painted = useRef<number[]>([]);

  const go = useRef((to: number) => {
    setLeaving(shown.current);
    setIndex(to);
  });

  useEffect(() => {
    shown.current = index;
  }, [index]);

  useEffect(() => {
    if (leaving === null) return;
    const timer = setTimeout(() => setLeaving(null), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => {
      if (!touching.current && document.visibilityState !== 'hidden') go.current((shown.current + 1) % count);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);

  useEffect(() => {
    const element = root.current;
    if (!swipe || !element || count < 2) return;
    let startX = 0;
    let startY = 0;
    let horizontal: boolean | null = null;
    let dx = 0;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || event.touches.length !== 1) return;
      touching.current = true;
      startX = touch.clientX;
      startY = touch.clientY;
      horizontal = null;
      dx = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touching.current || !touch) return;
      const x = touch.clientX - startX;
      const y = touch.clientY - startY;
      if (horizontal === null && Math.abs(x) + Math.abs(y) > 6) horizontal = Math.abs(x) > Math.abs(y);
      if (!horizontal) return;
      if (event.cancelable) event.preventDefault();
      dx = x;
      setDrag(x);
    };
    const onEnd = () => {
      if (!touching.current) return;
      touching.current = false;
      const width = element.clientWidth || 1;
      if (horizontal && Math.abs(dx) > width * SWIPE_SHARE) {
        go.current((shown.current + (dx < 0 ? 1 : count - 1)) % count);
      }
      setDrag(0);
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd, { passive: true });
    element.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [swipe, count]);

  const placeOf = (i: number): number => {
    if (i === index) return 0;
    if (count === 2) return i === leaving ? -1 : 1;
    const place = (i - index + count) % count;
    return place === count - 1 ? -1 : place;
  };
  const places = slides.map((_, i) => placeOf(i));
  useLayoutEffect(() => {
    painted.current = places;
  });

  const axis = direction === 'horizontal' ? 'X' : 'Y';
  // People who ask for less motion see the slides change without gliding.
  const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <div
      ref={root}
      className={[styles.carousel, direction === 'vertical' ? styles.vertical : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      {slides.map((slide, i) => {
        const place = places[i] ?? 0;
        const before = painted.current[i];
        // A slide going round from one end to the other jumps (out of sight); the others glide.
        const glide = drag === 0 && !still && before !== undefined && Math.abs(place - before) <= 1;
        const style: CSSProperties = {
          transform: `translate${axis}(calc(${place * 100}% + ${drag}px))`,
          transition: glide ? `transform ${SLIDE_MS}ms ease-out` : 'none',
        };
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional (the ticker repeats texts).
          <div key={i} className={styles.carouselSlide} style={style}>
            {slide}
          </div>
        );
      })}
      {indicator && count > 1 ? (
        <div className={styles.carouselDots} aria-hidden="true">
          {slides
            .map((_, i) => i)
            .map((position) => (
              <span
                key={position}
                className={
                  position === index
                    ? `${styles.carouselDot} ${styles.carouselDotActive}`
                    : styles.carouselDot
                }
              />
            ))}
        </div>
      ) : null}
    </div>
  );
}
