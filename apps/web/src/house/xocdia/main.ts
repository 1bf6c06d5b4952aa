import { bootHousePage } from '../shared/shell.ts';
import { XOCDIA_LOGO } from './xocdia-art.ts';
import { mountXocDia } from './xocdia-page.ts';
import './table.css';
import './xocdia.css';

void bootHousePage({ title: 'Xóc Đĩa', logo: XOCDIA_LOGO, className: 'xocdia', mount: mountXocDia });
