import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LAZY_IMAGE } from '@playhall/contract/constants';
import styles from './lazy-image.module.css';

/** URLs already loaded this page life (at most LAZY_IMAGE.cache): they paint at once, no placeholder. */
const loaded = new Set<string>();
function remember(url: string): void {
  loaded.delete(url);
  loaded.add(url);
  if (loaded.size > LAZY_IMAGE.cache) loaded.delete(loaded.values().next().value as string);
}

/** Spec §9 preload factor 1.3: start loading when the image is within 30 % of a viewport of the screen. */
const ROOT_MARGIN = `${Math.round((LAZY_IMAGE.preload - 1) * 100)}%`;

const withAttempt = (src: string, attempt: number) => (attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`);

/**
 * A lazy image per spec §9: nothing is requested until the placeholder is near the viewport
 * (IntersectionObserver, threshold 0.1); a failed load is retried up to 3 attempts in all, 200 ms
 * apart, then the fallback stays. Give it `key={src}` so a new source starts afresh.
 */
export function LazyImage({ src, alt = '', fallback }: { src: string; alt?: string; fallback?: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  // Without IntersectionObserver (old browsers, tests) the image loads at once, natively lazy.
  const [near, setNear] = useState(() => loaded.has(src) || typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(() => (loaded.has(src) ? 'loaded' : 'loading'));

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: ROOT_MARGIN, threshold: LAZY_IMAGE.threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  return (
    <span ref={ref} className={styles.frame} data-state={state}>
      {state !== 'loaded' && (state === 'failed' ? (fallback ?? <span className={styles.placeholder} />) : <span className={styles.placeholder} />)}
      {near && state !== 'failed' && (
        <img
          className={styles.img}
          src={withAttempt(src, attempt)}
          alt={alt}
          loading="lazy"
          decoding="async"
          onLoad={() => {
            remember(src);
            setState('loaded');
          }}
          onError={() => {
            if (attempt + 1 >= LAZY_IMAGE.attempts) setState('failed');
            else window.setTimeout(() => setAttempt((a) => a + 1), LAZY_IMAGE.throttleMs);
          }}
        />
      )}
    </span>
  );
}
