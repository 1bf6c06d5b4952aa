import { bootHousePage } from '../shared/shell.ts';
import '../baccarat/baccarat.css';
import { DT_LOGO } from './dt-art.ts';
import { mountDragonTiger } from './dt-page.ts';
import './dragontiger.css';

void bootHousePage({ title: 'Dragon Tiger', logo: DT_LOGO, className: 'baccarat dragontiger', mount: mountDragonTiger });
