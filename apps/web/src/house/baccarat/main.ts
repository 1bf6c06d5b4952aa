import { bootHousePage } from '../shared/shell.ts';
import { BACCARAT_LOGO } from './baccarat-art.ts';
import { mountBaccarat } from './baccarat-page.ts';
import './baccarat.css';

void bootHousePage({ title: 'Baccarat Royale', logo: BACCARAT_LOGO, className: 'baccarat', mount: mountBaccarat });
