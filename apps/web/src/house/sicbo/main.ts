import { bootHousePage } from '../shared/shell.ts';
import { SICBO_LOGO } from './sicbo-art.ts';
import { mountSicbo } from './sicbo-page.ts';
import './sicbo.css';

void bootHousePage({ title: 'Sic Bo', logo: SICBO_LOGO, className: 'sicbo', mount: mountSicbo });
