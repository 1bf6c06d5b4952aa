import { bootHousePage } from '../shared/shell.ts';
import { PLINKO_LOGO } from './plinko-art.ts';
import { mountPlinko } from './plinko-page.ts';
import './plinko.css';

void bootHousePage({ title: 'Plinko Drop', logo: PLINKO_LOGO, className: 'plinko', mount: mountPlinko });
