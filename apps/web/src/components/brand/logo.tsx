/** The Playhall wordmark, drawn as SVG: a gold "P" tile and the name set in the UI font. */
export function Logo({ height = 36 }: { height?: number }) {
  return (
    <svg height={height} viewBox="0 0 172 40" role="img" aria-label="Playhall" direction="ltr">
      <defs>
        <linearGradient id="ph-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd978" />
          <stop offset="1" stopColor="#d9a21f" />
        </linearGradient>
      </defs>
      <rect x="0" y="2" width="36" height="36" rx="9" fill="#6142bf" />
      <path d="M11 31V9h9.2c5 0 8.1 3 8.1 7.4s-3.1 7.4-8.1 7.4H16V31z" fill="url(#ph-gold)" />
      <path d="M16 13.4v6h3.6c2 0 3.2-1.2 3.2-3s-1.2-3-3.2-3z" fill="#6142bf" />
      <text
        x="46"
        y="29"
        fill="currentColor"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="25"
        fontWeight="800"
        letterSpacing="-0.5"
        direction="ltr"
        unicodeBidi="embed"
      >
        Play<tspan fill="url(#ph-gold)">hall</tspan>
      </text>
    </svg>
  );
}
