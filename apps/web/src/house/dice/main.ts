import { bootHousePage } from '../shared/shell.ts';
import { DICE_LOGO } from './dice-art.ts';
import { mountDice } from './dice-page.ts';
import './dice.css';

void bootHousePage({ title: 'Dice Duel', logo: DICE_LOGO, className: 'dice', mount: mountDice });
