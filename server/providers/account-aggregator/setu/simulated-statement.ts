import { createHash } from 'node:crypto';
import type { DataRange } from '../account-aggregator';

/**
 * The simulator's bank: a plausible savings account statement in Setu's deposit JSON (ReBIT deposit v1.1, as the
 * session sample of data-apis.mdx lays it out), the same every time for one consent. 'salary': a monthly salary by
 * NEFT on the 1st, a few UPI credits, quarterly interest and everyday debits; 'low_income': small UPI credits only.
 */
export type StatementKind = 'salary' | 'low_income';

type Transaction = Record<string, string>;

const dayMs = 86_400_000;

/** A repeatable stream of numbers in [0, 1) from a seed: the consent id. */
function randomFrom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const monthName = (date: Date) => date.toLocaleString('en-IN', { month: 'short', timeZone: 'UTC' }).toUpperCase();

/** The account number the simulator's bank shows for a consent, masked as banks mask it. */
export function simulatedMaskedAccount(consentId: string): string {
  const digits = createHash('sha256').update(`acc:${consentId}`).digest().readUInt16LE(0) % 10_000;
  return `XXXXXXXX${String(digits).padStart(4, '0')}`;
}

interface Entry {
  at: number;
  type: 'CREDIT' | 'DEBIT';
  paise: number;
  mode: string;
  narration: string;
}

function entries(kind: StatementKind, range: { from: number; to: number }, random: () => number): Entry[] {
  const list: Entry[] = [];
  const within = (at: number) => at >= range.from && at <= range.to;
  const salaryPaise = 8_500_000 + Math.floor(random() * 40) * 100_000;
  const start = new Date(range.from);
  for (let month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1)); month.getTime() <= range.to; month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))) {
    const base = month.getTime();
    const at = (day: number, hour: number) => base + (day - 1) * dayMs + hour * 3_600_000 + Math.floor(random() * 3_000_000);
    if (kind === 'salary') {
      list.push({ at: at(1, 10), type: 'CREDIT', paise: salaryPaise, mode: 'FT', narration: `NEFT CR-HDFC0000001-ACME TECHNOLOGIES PVT LTD-SALARY ${monthName(month)} ${month.getUTCFullYear()}` });
      list.push({ at: at(5, 9), type: 'DEBIT', paise: 2_500_000, mode: 'FT', narration: 'NEFT DR-SBIN0000300-RENT-LANDLORD' });
      if (month.getUTCMonth() % 3 === 2) list.push({ at: at(28, 12), type: 'CREDIT', paise: 150_000 + Math.floor(random() * 300_000), mode: 'OTHERS', narration: 'Credit Interest Capitalised' });
    }
    const upiCredits = kind === 'salary' ? 1 : 3;
    for (let i = 0; i < upiCredits; i += 1) {
      const paise = kind === 'salary' ? 50_000 + Math.floor(random() * 500_000) : 100_000 + Math.floor(random() * 250_000);
      list.push({ at: at(3 + i * 8, 18), type: 'CREDIT', paise, mode: 'UPI', narration: `UPI/CR/${Math.floor(random() * 1e12)}/FRIEND/ICIC/${Math.floor(random() * 1e8)}` });
    }
    for (let i = 0; i < 4; i += 1) {
      const paise = kind === 'salary' ? 20_000 + Math.floor(random() * 800_000) : 10_000 + Math.floor(random() * 120_000);
      list.push({ at: at(7 + i * 5, 20), type: 'DEBIT', paise, mode: i === 3 ? 'ATM' : 'UPI', narration: i === 3 ? 'ATW-512967XXXXXX0618-CASH WITHDRAWAL' : `UPI/DR/${Math.floor(random() * 1e12)}/GROCERY/YESB/${Math.floor(random() * 1e8)}` });
    }
  }
  return list.filter((entry) => within(entry.at)).sort((a, b) => a.at - b.at);
}

/** `data.account` of a READY account in a session answer, for `range`. */
export function simulatedDepositAccount(consentId: string, kind: StatementKind, dataRange: DataRange, mobile: string): Record<string, unknown> {
  const random = randomFrom(consentId);
  const range = { from: Date.parse(dataRange.from), to: Date.parse(dataRange.to) };
  const masked = simulatedMaskedAccount(consentId);
  let balance = 5_000_000 + Math.floor(random() * 10_000_000);
  const transaction: Transaction[] = entries(kind, range, random).map((entry, index) => {
    balance += entry.type === 'CREDIT' ? entry.paise : -entry.paise;
    const timestamp = `${new Date(entry.at).toISOString().slice(0, 19)}+00:00`;
    return {
      amount: rupees(entry.paise),
      currentBalance: rupees(balance),
      mode: entry.mode,
      narration: entry.narration,
      reference: String(100_000_000 + Math.floor(random() * 899_999_999)),
      transactionTimestamp: timestamp,
      txnId: `S${consentId.replace(/-/g, '').slice(0, 8).toUpperCase()}${String(index).padStart(5, '0')}`,
      type: entry.type,
      valueDate: timestamp.slice(0, 10),
    };
  });
  return {
    linkedAccRef: `link-${consentId}`,
    maskedAccNumber: masked,
    type: 'deposit',
    version: '1.1',
    profile: { holders: { type: 'SINGLE', holder: [{ name: 'SANDBOX ACCOUNT HOLDER', mobile, nominee: 'REGISTERED', ckycCompliance: 'true' }] } },
    summary: {
      currentBalance: rupees(balance),
      currency: 'INR',
      balanceDateTime: new Date(range.to).toISOString(),
      type: 'SAVINGS',
      status: 'ACTIVE',
      branch: 'Sandbox Branch',
      ifscCode: 'HDFC0000001',
      facility: '',
      openingDate: '2015-04-01',
    },
    transactions: { startDate: dataRange.from, endDate: dataRange.to, transaction },
  };
}
