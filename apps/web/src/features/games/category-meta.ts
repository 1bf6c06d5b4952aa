import { Cherry, Fish, Gamepad2, MonitorPlay, Swords, Ticket, Trophy } from 'lucide-react';
import type { ComponentType } from 'react';
import type { TGameCategory } from '@playhall/contract/categories';

type TIcon = ComponentType<{ size?: number; 'aria-hidden'?: boolean; strokeWidth?: number }>;

/** Icon and accent colour of each game category, used by tiles, banner strips and navigation. */
export const CATEGORY_META: Record<TGameCategory, { icon: TIcon; hue: string }> = {
  LOTT: { icon: Ticket, hue: '#e0533f' },
  LIVE: { icon: MonitorPlay, hue: '#c0392b' },
  SPORTS: { icon: Trophy, hue: '#1f8a5b' },
  RNG: { icon: Cherry, hue: '#d4881c' },
  FISH: { icon: Fish, hue: '#1e88c8' },
  PVP: { icon: Swords, hue: '#6142bf' },
  ESPORTS: { icon: Gamepad2, hue: '#8e44ad' },
};
