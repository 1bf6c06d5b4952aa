/** The top bar's mark: a rocket on a rising curve. */
export const CRASH_LOGO =
  '<rect x="2" y="2" width="60" height="60" rx="14" fill="#2b1f5c"/>' +
  '<path d="M8 54 Q34 52 50 18" fill="none" stroke="#f2c14e" stroke-width="4" stroke-linecap="round"/>' +
  '<g transform="translate(50 16) rotate(35)"><path d="M0 -10 C5 -5 5 4 3 8 H-3 C-5 4 -5 -5 0 -10Z" fill="#e8ecf5"/>' +
  '<circle cy="-2" r="2" fill="#3f6fd8"/><path d="M-3 8 L0 14 L3 8Z" fill="#ef4d5a"/></g>';
