import { goldenJourneyOn } from './golden-journey';
import * as step from './steps';

goldenJourneyOn('a desktop', { width: 1366, height: 768 }, { phone: '9876515002', email: 'vikram.iyer@example.in', pan: 'ABCPI8765L' }, step.nominee);
