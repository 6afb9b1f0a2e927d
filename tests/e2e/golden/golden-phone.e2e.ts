import { goldenJourneyOn, phone } from './golden-journey';
import * as step from './steps';

goldenJourneyOn('a phone', phone, { phone: '9876515001', email: 'ananya.iyer@example.in', pan: 'ABCPI4321K' }, step.nomineeOptOut);
