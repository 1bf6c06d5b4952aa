/** Dragon Tiger's logo (viewBox 0 0 64 64): a red dragon's card and a blue tiger's card crossed. */
export const DT_LOGO =
  '<rect x="6" y="10" width="28" height="40" rx="4" fill="#d0202e" stroke="#f2c14e" stroke-width="2" transform="rotate(-12 20 30)"/>' +
  '<text x="20" y="37" text-anchor="middle" font-family="serif" font-weight="900" font-size="20" fill="#f2c14e" transform="rotate(-12 20 30)">龍</text>' +
  '<rect x="30" y="14" width="28" height="40" rx="4" fill="#1f5fd1" stroke="#f2c14e" stroke-width="2" transform="rotate(12 44 34)"/>' +
  '<text x="44" y="41" text-anchor="middle" font-family="serif" font-weight="900" font-size="20" fill="#f2c14e" transform="rotate(12 44 34)">虎</text>';
