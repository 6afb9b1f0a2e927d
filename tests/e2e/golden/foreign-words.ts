import type { Page } from '../browser';
import type { Finding } from '../axe';

/**
 * Issue 18: a journey in a language other than English shows no English word but the terms a Hindi-reading
 * investor knows as such, brand names, and what the applicant (or their reviewer) typed. Checked on what a person
 * sees or hears: the page's visible text (the text only read out included) and the visible controls' labels,
 * placeholders, alt texts and titles (a label under aria-hidden is neither). Left out: what is marked as written
 * in another language (`lang`: the language switch names English in English, and the identity vendor's SDK dialog
 * says lang="en": its words are Digio's, not ours), addresses (e-mail, web), and the dev-only controls.
 */

/**
 * Kept as such in Hindi: the terms a Hindi-reading investor knows by their letters (the translators' list), brand
 * names, the exchanges' segment codes (NSECM, MCX...: codes, printed as the exchanges print them) and units.
 */
export const termsKeptAsSuch = [
  'PAN', 'KYC', 'UPI', 'F&O', 'OTP', 'IFSC', 'KRA', 'CKYC', 'DigiLocker', 'eSign', 'SEBI', 'NSE', 'BSE', 'CDSL', 'NSDL',
  'FATCA', 'CRS', 'DIS', 'ECS', 'RTA', 'PDF', 'JPEG', 'PNG', 'DOCX', 'MB', 'KB', 'DD', 'MM', 'YYYY', 'ITR', 'PEP', 'RBI',
  'DP', 'QR', 'ID', 'PIN', 'SMS', 'TIN', 'NSECM', 'BSECM', 'NSESLBM', 'NSEFO', 'BSEFO', 'NSECD', 'BSECD', 'MCX',
  // The exchanges' own abbreviations in the MITC, as the exchanges print them.
  'MITC', 'UCC', 'CUSPA', 'DDPI',
  'Onboard', 'Google Pay', 'PhonePe', 'Paytm',
];

interface Shown {
  text: string;
  /** Where it is shown: an attribute's name, or the element's tag. */
  where: string;
}

/** What the page shows, as text pieces (read in the page). */
async function shownTexts(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const pageLanguage = document.documentElement.lang.split('-')[0];
    const otherLanguage = (element: Element) => {
      const marked = element.closest('[lang]')?.getAttribute('lang')?.split('-')[0];
      return marked !== undefined && marked !== pageLanguage;
    };
    const excluded = (element: Element) => otherLanguage(element) || element.closest('.onboard-dev-only') !== null;
    const visible = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const shown: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      if (!visible(parent) || excluded(parent)) continue;
      shown.push({ text, where: parent.tagName.toLowerCase() });
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title], [aria-roledescription]')) {
      // A label under aria-hidden is neither shown nor read out (antd's select arrow names its icon "down").
      if (!visible(element) || excluded(element) || element.closest('[aria-hidden="true"]')) continue;
      for (const attribute of ['aria-label', 'placeholder', 'alt', 'title', 'aria-roledescription']) {
        const text = element.getAttribute(attribute)?.trim();
        if (text) shown.push({ text, where: `${element.tagName.toLowerCase()}[${attribute}]` });
      }
    }
    return shown;
  });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A Latin-letter word, with its inner joins (F&O, don't, e.g.); letters run into digits are a code (ON000001). */
const latinWord = /\b[A-Za-z]+(?:[&'’.][A-Za-z]+)*\b/g;
/** A reference or version made of letters and digits joined by hyphens or slashes (NOM-20261128-000001, 2024-01-NSE-INSP-60147): a code, copied as printed. */
const code = /(?<![\w-])(?=[\w/-]*\d)[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)+(?![\w-])/g;
const address = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:in|com|org|pdf|jpg|jpeg|png)\b/gi;

/**
 * The English words the page shows, as findings (`route: "word" in "context"`): `typed` are the applicant's own
 * words and values, allowed wherever they appear, as are `termsKeptAsSuch`.
 */
export async function englishWords(page: Page, route: string, typed: readonly string[]): Promise<Finding[]> {
  const allowed = [...termsKeptAsSuch, ...typed].filter((text) => text.trim() !== '').sort((a, b) => b.length - a.length);
  const allowedPattern = new RegExp(allowed.map((text) => (/^\w/.test(text) ? '\\b' : '') + escaped(text) + (/\w$/.test(text) ? '\\b' : '')).join('|'), 'gi');
  const targets = new Set<string>();
  for (const { text, where } of await shownTexts(page)) {
    const rest = text.replace(address, ' ').replace(code, ' ').replace(allowedPattern, ' ');
    for (const [word] of rest.matchAll(latinWord)) targets.add(`"${word}" in ${where} "${text.length > 90 ? `${text.slice(0, 87)}...` : text}"`);
  }
  return targets.size ? [{ route, rule: 'English words', targets: [...targets] }] : [];
}
