/** The top bar's mark: a keno card with drawn balls. */
export const KENO_LOGO =
  '<rect x="2" y="2" width="60" height="60" rx="14" fill="#1f7a5a"/>' +
  '<g fill="none" stroke="#e8ecf5" stroke-width="2" opacity="0.8"><rect x="10" y="12" width="44" height="32" rx="4"/>' +
  '<path d="M21 12v32M32 12v32M43 12v32M10 23h44M10 34h44"/></g>' +
  '<circle cx="26.5" cy="28.5" r="4.5" fill="#f2c14e"/><circle cx="48.5" cy="17.5" r="4.5" fill="#f2c14e"/>' +
  '<circle cx="20" cy="52" r="5" fill="#ef4d5a"/><circle cx="32" cy="52" r="5" fill="#f2c14e"/><circle cx="44" cy="52" r="5" fill="#3f6fd8"/>';
