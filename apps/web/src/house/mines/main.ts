import { bootHousePage } from '../shared/shell.ts';
import { MINES_LOGO, mountMines } from './mines-page.ts';
import './mines.css';

void bootHousePage({ title: 'Mines', logo: MINES_LOGO, className: 'mines', mount: mountMines });
