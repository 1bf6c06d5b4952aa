import { bootHousePage } from '../shared/shell.ts';
import '../xocdia/table.css';
import { BAUCUA_LOGO } from './baucua-art.ts';
import { mountBauCua } from './baucua-page.ts';
import './baucua.css';

void bootHousePage({ title: 'Bầu Cua Tôm Cá', logo: BAUCUA_LOGO, className: 'baucua', mount: mountBauCua });
