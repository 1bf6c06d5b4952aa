import '../shared/house.css';
import './sportsbook.css';
import { bootBook } from './book-page.ts';

void bootBook();
