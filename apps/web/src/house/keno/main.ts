import { bootHousePage } from '../shared/shell.ts';
import { KENO_LOGO } from './keno-art.ts';
import { mountKeno } from './keno-page.ts';
import './keno.css';

void bootHousePage({ title: 'Keno 40', logo: KENO_LOGO, className: 'keno', mount: mountKeno });
