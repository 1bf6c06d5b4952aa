/** The top bar's mark: a triangle of pegs with a ball. */
export const PLINKO_LOGO =
  '<rect x="2" y="2" width="60" height="60" rx="14" fill="#6142bf"/>' +
  '<g fill="#e8ecf5">' +
  '<circle cx="32" cy="20" r="3"/><circle cx="24" cy="30" r="3"/><circle cx="40" cy="30" r="3"/>' +
  '<circle cx="16" cy="40" r="3"/><circle cx="32" cy="40" r="3"/><circle cx="48" cy="40" r="3"/>' +
  '</g>' +
  '<rect x="10" y="48" width="10" height="8" rx="2" fill="#ef4d5a"/><rect x="22" y="48" width="9" height="8" rx="2" fill="#f5a524"/>' +
  '<rect x="33" y="48" width="9" height="8" rx="2" fill="#f5a524"/><rect x="44" y="48" width="10" height="8" rx="2" fill="#ef4d5a"/>' +
  '<circle cx="36" cy="12" r="5" fill="#f2c14e"/>';
