import { goldenJourneyOn, phone } from './golden-journey';
import * as step from './steps';

goldenJourneyOn('a phone in Hindi', phone, { phone: '9876515003', email: 'meera.iyer@example.in', pan: 'ABCPI2468M', language: 'hi' }, step.nominee);
