import type { TBauCuaAnimal } from '@playhall/contract/house-rules/baucua';

/** Bầu cua's six animals, drawn in a 64 × 64 box (board spots and dice faces), and the logo. */
export const ANIMAL_ART: Record<TBauCuaAnimal, string> = {
  bau: `<path d="M32 6 q4 0 4 6 q0 4 -2 6 q12 6 12 20 q0 18 -14 20 q-14 -2 -14 -20 q0 -14 12 -20 q-2 -2 -2 -6 q0 -6 4 -6z" fill="#6aa84f" stroke="#2f5d1e" stroke-width="2.5"/>
    <path d="M22 34 q10 -4 20 0" stroke="#2f5d1e" stroke-width="2" fill="none"/><path d="M34 6 q8 -4 12 2" stroke="#7a4f1c" stroke-width="3" fill="none" stroke-linecap="round"/>
    <ellipse cx="26" cy="44" rx="3" ry="6" fill="#b6e39a" opacity="0.7"/>`,
  cua: `<ellipse cx="32" cy="36" rx="17" ry="12" fill="#e4572e" stroke="#8e2a10" stroke-width="2.5"/>
    <path d="M15 32 q-8 -6 -6 -14 M49 32 q8 -6 6 -14" stroke="#8e2a10" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M5 16 l6 -6 l2 8 z M59 16 l-6 -6 l-2 8 z" fill="#e4572e" stroke="#8e2a10" stroke-width="2"/>
    <path d="M16 42 l-9 6 M18 46 l-7 9 M48 42 l9 6 M46 46 l7 9" stroke="#8e2a10" stroke-width="2.5" stroke-linecap="round"/>
    <circle cx="27" cy="28" r="2.5" fill="#1b1b1b"/><circle cx="37" cy="28" r="2.5" fill="#1b1b1b"/>`,
  tom: `<path d="M12 20 q22 -10 36 6 q8 10 2 22 q-4 8 -14 8" fill="none" stroke="#f08a5d" stroke-width="9" stroke-linecap="round"/>
    <path d="M16 18 q22 -8 34 8 q6 10 1 20" fill="none" stroke="#b8452a" stroke-width="2" stroke-dasharray="4 4"/>
    <path d="M36 56 l-8 4 l2 -8 z" fill="#f08a5d" stroke="#b8452a" stroke-width="2"/>
    <path d="M12 20 q-8 -8 -6 -16 M14 18 q-2 -10 4 -14" stroke="#b8452a" stroke-width="1.6" fill="none"/><circle cx="15" cy="20" r="2" fill="#1b1b1b"/>`,
  ca: `<path d="M8 32 q18 -18 38 -4 l12 -10 l-2 14 l2 14 l-12 -10 q-20 14 -38 -4z" fill="#3d8fd6" stroke="#1c4f80" stroke-width="2.5"/>
    <path d="M26 24 q6 8 0 16" stroke="#1c4f80" stroke-width="2" fill="none"/><circle cx="18" cy="30" r="2.5" fill="#1b1b1b"/>
    <path d="M32 22 q6 -8 12 -4" stroke="#1c4f80" stroke-width="2" fill="#5fa8e8"/>`,
  ga: `<path d="M20 50 q-8 -18 4 -28 q10 -8 20 0 q10 10 4 26 z" fill="#f6c343" stroke="#9a6b00" stroke-width="2.5"/>
    <path d="M44 22 q8 -4 12 4 q-6 0 -10 4" fill="#e4572e"/><path d="M24 14 q2 -8 6 -4 q2 -6 6 0 q4 -4 4 4 z" fill="#d7263d"/>
    <path d="M18 40 q-10 -10 -8 -22 q4 8 10 10" fill="#2e7d32" stroke="#1b4d1e" stroke-width="2"/>
    <circle cx="38" cy="20" r="2.5" fill="#1b1b1b"/><path d="M28 50 v8 M38 50 v8" stroke="#9a6b00" stroke-width="3"/>`,
  nai: `<ellipse cx="32" cy="40" rx="12" ry="14" fill="#b07a45" stroke="#6b4416" stroke-width="2.5"/>
    <path d="M24 28 q-10 -10 -8 -22 M22 18 l-8 -4 M40 28 q10 -10 8 -22 M42 18 l8 -4" stroke="#6b4416" stroke-width="3" fill="none" stroke-linecap="round"/>
    <ellipse cx="20" cy="32" rx="5" ry="3" fill="#b07a45" stroke="#6b4416" stroke-width="2"/><ellipse cx="44" cy="32" rx="5" ry="3" fill="#b07a45" stroke="#6b4416" stroke-width="2"/>
    <circle cx="27" cy="38" r="2.5" fill="#1b1b1b"/><circle cx="37" cy="38" r="2.5" fill="#1b1b1b"/><ellipse cx="32" cy="50" rx="4" ry="3" fill="#3b2410"/>
    <circle cx="30" cy="46" r="1.5" fill="#f3e3c8"/><circle cx="35" cy="44" r="1.5" fill="#f3e3c8"/>`,
};

export const BAUCUA_LOGO = `<rect x="6" y="10" width="30" height="30" rx="6" fill="#fff" stroke="#9aa4bd" stroke-width="2"/>
  <g transform="translate(8 12) scale(0.4)">${ANIMAL_ART.cua}</g>
  <rect x="28" y="26" width="30" height="30" rx="6" fill="#fff" stroke="#9aa4bd" stroke-width="2"/>
  <g transform="translate(30 28) scale(0.4)">${ANIMAL_ART.ca}</g>`;
