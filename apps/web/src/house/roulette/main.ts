import { bootHousePage } from '../shared/shell.ts';
import { ROULETTE_LOGO } from './roulette-art.ts';
import { mountRoulette } from './roulette-page.ts';
import './roulette.css';

void bootHousePage({ title: 'European Roulette', logo: ROULETTE_LOGO, className: 'roulette', mount: mountRoulette });
