import { useState } from 'react';
import { imageUrl } from '../../../lib/image-url.ts';
import styles from './vendor-logo.module.css';

/** A vendor or provider mark from the image CDN; its initials if the image cannot load. */
export function VendorLogo({ path, name, width, height }: { path: string; name: string; width: number; height: number }) {
  const [failed, setFailed] = useState(false);
  if (failed || !path) {
    const initials = name
      .split(/\s+/)
      .map((w) => w[0])
      .join('')
      .slice(0, 3)
      .toUpperCase();
    return (
      <span className={styles.fallback} style={{ width, height }} aria-hidden>
        {initials}
      </span>
    );
  }
  return (
    <img
      className={styles.logo}
      src={imageUrl(path)}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
