/** Pure: flow-config/privacy.json, the notice, its purposes and retention, and the rules read from it. */
import { displayDate } from './rectification';

export interface PrivacyPurpose {
  id: string;
  required: boolean;
  title: string;
  /** The personal data it uses. */
  data: string;
  /** Why, and for how long. */
  text: string;
  /** A required purpose: why it cannot be withdrawn. */
  whyRequired?: string;
}

export interface PrivacyConfig {
  notice: { version: string; title: string; summary: string; sections: { heading: string; text: string }[] };
  purposes: PrivacyPurpose[];
  retention: { law: string; years: number; refusal: string };
  grievance: { title: string; name: string; email: string; phone: string; address: string; responseDays: number; board?: string };
}

export function findPurpose(privacy: PrivacyConfig, id: string): PrivacyPurpose | undefined {
  return privacy.purposes.find((purpose) => purpose.id === id);
}

export function requiredPurposes(privacy: PrivacyConfig): PrivacyPurpose[] {
  return privacy.purposes.filter((purpose) => purpose.required);
}

/** The day KYC records are kept until: `years` after `from` (ms), as YYYY-MM-DD in UTC. */
export function retainedUntil(privacy: PrivacyConfig, from: number): string {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + privacy.retention.years);
  return date.toISOString().slice(0, 10);
}

/** The answer to an erasure after submission: the configured refusal with the law and the date (YYYY-MM-DD) filled in as the app shows dates, DD/MM/YYYY. */
export function erasureRefusal(privacy: PrivacyConfig, date: string): string {
  return privacy.retention.refusal.replaceAll('{law}', privacy.retention.law).replaceAll('{date}', displayDate(date));
}

/** Meaning checks the meta-schema cannot state: unique purposes, at least one required, each required one says why. */
export function privacyConfigProblems(privacy: PrivacyConfig): string[] {
  const where = 'flow-config/privacy.json';
  const problems: string[] = [];
  const seen = new Set<string>();
  privacy.purposes.forEach((purpose, index) => {
    if (seen.has(purpose.id)) problems.push(`${where}: /purposes/${index}: purpose '${purpose.id}' is declared twice`);
    seen.add(purpose.id);
    if (purpose.required && !purpose.whyRequired) problems.push(`${where}: /purposes/${index}: required purpose '${purpose.id}' needs "whyRequired" (the answer to a withdrawal)`);
    if (!purpose.required && purpose.whyRequired) problems.push(`${where}: /purposes/${index}: optional purpose '${purpose.id}' may be withdrawn, so "whyRequired" does not apply`);
  });
  if (!privacy.purposes.some((purpose) => purpose.required)) problems.push(`${where}: /purposes: no purpose is required, so first sign-in would accept nothing`);
  for (const key of ['{law}', '{date}']) {
    if (!privacy.retention.refusal.includes(key)) problems.push(`${where}: /retention/refusal must contain ${key}`);
  }
  return problems;
}
