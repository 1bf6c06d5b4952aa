import { bootHousePage } from '../shared/shell.ts';
import { SLOT_LOGO } from './slot-art.ts';
import { mountSlot } from './slot-page.ts';
import './slot.css';

void bootHousePage({ title: 'Lucky Crown', logo: SLOT_LOGO, className: 'slot', mount: mountSlot });
