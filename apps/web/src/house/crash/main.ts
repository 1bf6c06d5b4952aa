import { bootHousePage } from '../shared/shell.ts';
import { CRASH_LOGO } from './crash-art.ts';
import { mountCrash } from './crash-page.ts';
import './crash.css';

void bootHousePage({ title: 'Rocket Crash', logo: CRASH_LOGO, className: 'crash', mount: mountCrash });
