import { bootHousePage } from '../shared/shell.ts';
import { FISHING_LOGO } from './fish-art.ts';
import { mountFishing } from './fishing-page.ts';
import './fishing.css';

void bootHousePage({ title: 'Ocean Hunter', logo: FISHING_LOGO, className: 'fishing', mount: mountFishing });
