/**
 * The demo game catalogue: the house vendor's playable games, and a few hundred listed games of the
 * third-party vendors with made-up titles (their artwork is drawn by the server). Only house games can
 * be started, and only they are listed, until an operator configures another vendor's integration and
 * turns it on (`ops vendor enable`).
 */
import { ESPORTS_VENDOR_CODES, type TGameCategory } from '@playhall/contract/categories';
import type { TSeedVendor } from './seed-data.ts';
import { STAKES } from '@playhall/contract/stakes';
import { HOUSE_TITLES } from '@playhall/contract/house-rules/catalog';

export interface TSeedGame {
  vassalage: string;
  gameId: string;
  name: string;
  category: TGameCategory;
  gameType: string;
  groupCode: string;
  openMode: 'iframe' | 'seamless' | 'popup';
  isNew: boolean;
  isHot: boolean;
  houseGame: string | null;
  colour: string;
  sort: number;
}

/** The built-in games: each has an engine in modules/house-games and its own page. */
export const HOUSE_GAMES: Omit<TSeedGame, 'sort' | 'colour'>[] = [
  // The house studio (house-rules/catalog.ts): one row per title.
  ...HOUSE_TITLES.map((t) => ({
    vassalage: t.vassalage,
    gameId: t.gameId,
    name: t.name,
    category: t.category,
    gameType: t.gameType,
    groupCode: t.isHot ? 'hot' : 'all',
    openMode: 'iframe' as const,
    isNew: false,
    isHot: t.isHot,
    houseGame: t.houseGame,
  })),
  // The house books (issue 20): one page for both, opened in the portal's /game frame.
  { vassalage: 'PH_SPORTS', gameId: 'sportsbook', name: 'Playhall Sportsbook', category: 'SPORTS', gameType: 'SPORTS', groupCode: 'hot', openMode: 'iframe', isNew: false, isHot: true, houseGame: 'sportsbook' },
  { vassalage: 'PH_ESPORTS', gameId: 'esports-book', name: 'Playhall Esports', category: 'ESPORTS', gameType: 'ESPORTS', groupCode: 'hot', openMode: 'iframe', isNew: false, isHot: true, houseGame: 'esports' },
];

/**
 * Demo PVP rooms of the dice game, at the antes of the site's currency (stakes.ts: 5,000, 20,000 and 100,000 ₫). The
 * room ids are handles (links and tests name them), not amounts.
 */
export const HOUSE_ROOMS = (['dice-1', 'dice-10', 'dice-100'] as const).map((roomId, i) => {
  const ante = STAKES.diceAntes[i] ?? STAKES.minStake;
  return { roomId, name: `Dice Duel · ${(ante / 100).toLocaleString('en-US')}`, ante, minPlayers: 2, maxPlayers: i === 2 ? 4 : 6 };
});

/**
 * Demo betting rooms of xóc đĩa and bầu cua (issue 21; bet-room.service.ts): two per game, the room's `ante` being its
 * smallest bet per spot (1,000 and 10,000 ₫), up to 20 players a round. The house banks every room.
 */
export const BET_ROOMS = (
  [
    ['xocdia-room', 'xocdia-1', 'Xóc Đĩa · 1K', 1],
    ['xocdia-room', 'xocdia-10', 'Xóc Đĩa · 10K', 10],
    ['baucua-room', 'baucua-1', 'Bầu Cua · 1K', 1],
    ['baucua-room', 'baucua-10', 'Bầu Cua · 10K', 10],
  ] as const
).map(([houseGame, roomId, name, k]) => ({ houseGame, roomId, name, ante: k * STAKES.minStake, minPlayers: 1, maxPlayers: 20 }));

const ADJECTIVES = ['Golden', 'Lucky', 'Mystic', 'Wild', 'Dragon', 'Jade', 'Royal', 'Fortune', 'Thunder', 'Crystal', 'Phoenix', 'Tiger', 'Lotus', 'Neon', 'Ancient', 'Emerald', 'Ruby', 'Sapphire', 'Cosmic', 'Samurai'];
const NOUNS = ['Treasures', 'Riches', 'Empire', 'Legends', 'Temple', 'Gems', 'Spins', 'Kingdom', 'Quest', 'Dynasty', 'Koi', 'Panda', 'Rush', 'Megaways', 'Nights', 'Festival', 'Carnival', 'Voyage', 'Harvest', 'Blaze'];

/** Slot-hall game types of RNG vendors, each a tab of its hall. */
const RNG_TYPES = ['VIDEO', 'JACKPOT', 'CLASSIC', 'ARCADE'] as const;
const GROUPS = ['hot', 'new', 'all', 'all', 'all'] as const;

const TABLE_GAMES: Record<string, string[]> = {
  LIVE: ['Baccarat', 'Speed Baccarat', 'Dragon Tiger', 'Roulette', 'Sic Bo', 'Blackjack', 'Fan Tan'],
  FISH: ['Ocean King', 'Fishing War', 'Golden Toad', 'Mega Fishing', 'Dragon Fortune'],
  PVP: ['Texas Holdem', 'Teen Patti', 'Blackjack Duel', 'Rummy', 'Niu Niu', 'Pai Gow'],
  SPORTS: ['Sportsbook'],
  ESPORTS: ['Esports'],
  LOTT: ['Lottery Hall'],
};

/** A deterministic pseudo-random sequence from the vendor's code: the same catalogue on every seed. */
function sequence(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** Every game of the demo catalogue: the house games, ~24 titles per RNG vendor, a few per other vendor. */
export function seedGames(vendors: readonly TSeedVendor[]): TSeedGame[] {
  const out: TSeedGame[] = [];
  const colourOf = new Map(vendors.map((v) => [v.code, v.colour]));
  HOUSE_GAMES.forEach((g, i) => out.push({ ...g, colour: colourOf.get(g.vassalage) ?? '#6142bf', sort: i }));
  for (const vendor of vendors) {
    if (vendor.house) continue;
    const rand = sequence(vendor.code);
    const isRng = vendor.category === 'RNG';
    const titles = isRng ? 24 : (TABLE_GAMES[vendor.category]?.length ?? 1);
    const used = new Set<string>();
    for (let i = 0; i < titles; i++) {
      let name: string;
      if (isRng) {
        do {
          name = `${ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)]} ${NOUNS[Math.floor(rand() * NOUNS.length)]}`;
        } while (used.has(name));
        used.add(name);
      } else {
        name = TABLE_GAMES[vendor.category]?.[i] ?? vendor.name;
      }
      out.push({
        vassalage: vendor.code,
        gameId: `${vendor.code.toLowerCase()}-${String(i + 1).padStart(3, '0')}`,
        name,
        // The vendor feed lists esports vendors under SPORTS; their games are esports (spec §3).
        category: (ESPORTS_VENDOR_CODES as readonly string[]).includes(vendor.code) ? 'ESPORTS' : vendor.category,
        gameType: isRng ? (RNG_TYPES[Math.floor(rand() * RNG_TYPES.length)] as string) : vendor.category,
        groupCode: GROUPS[Math.floor(rand() * GROUPS.length)] as string,
        openMode: vendor.category === 'SPORTS' || vendor.category === 'ESPORTS' ? 'seamless' : 'iframe',
        // One title per RNG vendor is flagged under maintenance (spec §4: starting it warns).
        isNew: isRng && i === 23,
        isHot: rand() < 0.15,
        houseGame: null,
        colour: vendor.colour,
        sort: 100 + i,
      });
    }
  }
  return out;
}
