import { bootHousePage } from '../shared/shell.ts';
import { BJ_LOGO, mountBlackjack } from './blackjack-page.ts';
import './blackjack.css';

void bootHousePage({ title: 'Blackjack', logo: BJ_LOGO, className: 'blackjack', mount: mountBlackjack });
