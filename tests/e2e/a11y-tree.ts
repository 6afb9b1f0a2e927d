import type { Finding } from './axe';
import type { Page } from './browser';

/**
 * Issue 30: a screen as a screen reader gets it, from Chromium's own accessibility tree (CDP
 * Accessibility.getFullAXTree, what assistive technology is given): every control named; headings in order (one
 * level 1, no level skipped on the way down); and what the app says on its own, toasts and error messages,
 * inside a live region (aria-live, role=status or role=alert), so it is read out when it appears.
 */
export async function treeFindings(page: Page, route: string): Promise<Finding[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const findings: Finding[] = [];
    const unnamed: string[] = [];
    const levels: { level: number; name: string }[] = [];
    const asideLevels: { level: number; name: string }[] = [];
    for (const { node, aside } of inTreeOrder(nodes)) {
      if (node.ignored) continue;
      const role = node.role?.value ?? '';
      const name = (node.name?.value ?? '').trim();
      if (controlRoles.has(role) && !name) unnamed.push(`${role} ${await outerHtml(session, node.backendDOMNodeId)}`);
      if (role === 'heading') {
        const level = Number(node.properties?.find((property) => property.name === 'level')?.value.value ?? 0);
        (aside ? asideLevels : levels).push({ level, name });
      }
    }
    if (unnamed.length) findings.push({ route, rule: 'control without a name', targets: unnamed });
    const order = [...headingProblems(levels), ...headingProblems(asideLevels, false)];
    if (order.length) findings.push({ route, rule: 'headings in order', targets: order });
    const silent = await page.evaluate(unannouncedMessages);
    if (silent.length) findings.push({ route, rule: 'message outside a live region', targets: silent });
    return findings;
  } finally {
    await session.detach();
  }
}

interface AxNode {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  properties?: { name: string; value: { value: unknown } }[];
  childIds?: string[];
  parentId?: string;
  backendDOMNodeId?: number;
}

/** Roles a person operates (ARIA's widget roles): each needs a name to be told apart. */
const controlRoles = new Set(['button', 'link', 'checkbox', 'radio', 'textbox', 'searchbox', 'combobox', 'listbox', 'slider', 'spinbutton', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem']);

/** The tree's nodes in reading order, each with whether it is inside a complementary landmark (the side panel). */
function inTreeOrder(nodes: AxNode[]): { node: AxNode; aside: boolean }[] {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const roots = nodes.filter((node) => !node.parentId || !byId.has(node.parentId));
  const ordered: { node: AxNode; aside: boolean }[] = [];
  const visit = (node: AxNode, aside: boolean) => {
    const inAside = aside || (!node.ignored && node.role?.value === 'complementary');
    ordered.push({ node, aside: inAside });
    for (const child of node.childIds ?? []) {
      const next = byId.get(child);
      if (next) visit(next, inAside);
    }
  };
  for (const root of roots) visit(root, false);
  return ordered;
}

/**
 * The page's own headings (`main`): one of level 1, first, and no level skipped on the way down (h2 then h4 skips
 * h3). A complementary landmark (the side panel beside the step) has an outline of its own: it starts at level 2 at
 * most, and skips no level either.
 */
export function headingProblems(levels: readonly { level: number; name: string }[], main = true): string[] {
  const problems: string[] = [];
  const ones = levels.filter(({ level }) => level === 1);
  if (main && ones.length !== 1) problems.push(`${ones.length} level-1 headings${ones.length ? `: ${ones.map(({ name }) => `"${name}"`).join(', ')}` : ''}`);
  if (!main && ones.length) problems.push(`a level-1 heading in a side panel: ${ones.map(({ name }) => `"${name}"`).join(', ')}`);
  levels.forEach(({ level, name }, index) => {
    const before = index === 0 ? (main ? 0 : 1) : levels[index - 1]!.level;
    if (level > before + 1) problems.push(`"${name}" is level ${level} after level ${before}`);
  });
  return problems;
}

async function outerHtml(session: import('playwright-core').CDPSession, backendNodeId: number | undefined): Promise<string> {
  if (backendNodeId === undefined) return '(no element)';
  const { outerHTML } = (await session.send('DOM.getOuterHTML', { backendNodeId }).catch(() => ({ outerHTML: '(gone)' }))) as { outerHTML: string };
  return outerHTML.slice(0, 160);
}

/**
 * Runs in the page: toasts, and texts drawn in the theme's error red (a field's error, a form's alert), that are
 * on screen and not inside a live region.
 */
function unannouncedMessages(): string[] {
  const errorRed = 'rgb(196, 29, 31)';
  const live = (element: Element) => element.closest('[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"], [role="log"]');
  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const found: string[] = [];
  for (const toast of document.querySelectorAll('.ant-message-notice')) {
    if (shown(toast) && !live(toast)) found.push(`toast "${toast.textContent?.trim().slice(0, 60)}"`);
  }
  for (const element of document.body.querySelectorAll('p, div, span, li, strong')) {
    const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? '').join('').trim();
    // The required-field star is red too, and says nothing new.
    if (own.length < 3 || !shown(element) || getComputedStyle(element).color !== errorRed) continue;
    if (element.closest('button, a, label, [role="button"], [aria-hidden="true"]')) continue;
    if (!live(element)) found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${own.slice(0, 60)}"`);
  }
  return found;
}
