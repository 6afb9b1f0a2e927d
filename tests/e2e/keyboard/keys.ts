import type { Locator } from 'playwright-core';
import type { Finding } from '../axe';
import type { Page } from '../browser';

/**
 * A person with a keyboard and no mouse (WCAG 2.1.1, 2.1.2, 2.4.7, 2.4.11): focus moves only by Tab and Shift+Tab,
 * controls are worked by Enter, Space, arrows and typing. At every stop on the way the focused control must show
 * that it has focus (its look, or its wrapper's, differs from its look without focus) and be in the window,
 * uncovered; Tab must move on (no trap) and reach the control sought within one round of the page.
 */
export interface KeyboardUser {
  /** Tabs (Shift+Tab when `backwards`) until `target` (or an element inside it) has focus; every stop checked. */
  tabTo(target: Locator, options?: { backwards?: boolean }): Promise<void>;
  /** A key on the focused control (Enter, Space, ArrowDown, ...). */
  press(key: string): Promise<void>;
  /** Text typed into the focused control, key by key. */
  type(text: string): Promise<void>;
  /** Problems found so far, by route. */
  findings: Finding[];
  /** How many Tab stops were checked. */
  stops: number;
}

/** A focus stop as the page shows it. */
interface Stop {
  /** The same number each time the same element is met (a round of the page ends where it began). */
  id: number;
  name: string;
  /**
   * What can draw its focus: its own look, its wrappers' and its neighbours'. A neighbour that holds focus itself
   * (the next button, once Tab has moved there) is left out of a comparison: its ring is its own.
   */
  look: { part: string; near: boolean; holdsFocus: boolean }[];
  problem?: string;
}

/** A bound on one search: more Tab presses than any page of the journey has stops. */
const maxPresses = 120;

export function keyboardUser(page: Page): KeyboardUser {
  const findings: Finding[] = [];
  const route = () => new URL(page.url()).pathname;
  const user: KeyboardUser = {
    findings,
    stops: 0,
    async tabTo(target, { backwards = false } = {}) {
      await target.waitFor({ timeout: 15_000 });
      if (await hasFocus(target)) return;
      const away = await (await target.elementHandle())!.evaluate(inspect);
      const visited: string[] = [];
      const met = new Set<number>();
      let previous: Stop | undefined;
      for (let press = 0; press < maxPresses; press += 1) {
        await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
        // One round trip per stop: transitions ended, the control left behind read again, the focused one read.
        const { left, stop } = (await page.evaluate(`(${afterTab})(${inspect}, ${previous !== undefined})`)) as AfterTab;
        // The control left behind: its look without focus must differ from its look with it.
        if (previous && left && sameLook(left, previous.look)) findings.push({ route: route(), rule: 'focus visible', targets: [`${previous.name}: looks the same with and without focus`] });
        if (!stop) {
          // Past the last control focus goes to the document; the next Tab comes back round.
          visited.push('(the document)');
          previous = undefined;
          continue;
        }
        user.stops += 1;
        visited.push(stop.name);
        if (stop.problem) findings.push({ route: route(), rule: 'focus in the window', targets: [`${stop.name}: ${stop.problem}`] });
        if (await hasFocus(target)) {
          if (sameLook(stop.look, away.look)) findings.push({ route: route(), rule: 'focus visible', targets: [`${stop.name}: looks the same with and without focus`] });
          return;
        }
        // A whole round of the page without the target: focus is trapped, or the target is no Tab stop.
        if (met.has(stop.id)) break;
        met.add(stop.id);
        previous = stop;
      }
      throw new Error(`${route()}: ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}; stops: ${visited.join(' → ')}`);
    },
    async press(key) {
      await page.keyboard.press(key);
    },
    async type(text) {
      await page.keyboard.type(text, { delay: 20 });
    },
  };
  return user;
}

/** Whether focus changed nothing of what can draw it (a neighbour holding focus in either look aside). */
function sameLook(one: Stop['look'], other: Stop['look']): boolean {
  if (one.length !== other.length) return false;
  return one.every((part, index) => (part.near && (part.holdsFocus || other[index]!.holdsFocus)) || part.part === other[index]!.part);
}

async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const active = document.activeElement;
    return !!active && (element === active || element.contains(active));
  });
}

interface AfterTab {
  /** The look of the control focus left, read again now that it has gone (when asked for and still on the page). */
  left?: Stop['look'];
  /** The control that has focus now; none when focus is on the document. */
  stop?: Stop;
}

/**
 * Runs in the page after each Tab (one round trip per stop, the page's own clock for the waits): fades of focus
 * rings (antd's 0.2 s) end first, since mid-way a ring is neither on nor off; then the control focus left (when
 * `comparePrevious`) and the one it reached are read with `inspectStop` (inspect, passed in as source).
 */
async function afterTab(inspectStop: (element: Element) => Stop, comparePrevious: boolean): Promise<AfterTab> {
  const running = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
  await Promise.race([Promise.all(running.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  const state = window as unknown as { keyboardPrevious?: Element };
  const previous = comparePrevious ? state.keyboardPrevious : undefined;
  const left = previous?.isConnected ? inspectStop(previous).look : undefined;
  const active = document.activeElement ?? document.body;
  const onDocument = active === document.body || active === document.documentElement;
  state.keyboardPrevious = onDocument ? undefined : active;
  return { left, stop: onDocument ? undefined : inspectStop(active) };
}

/**
 * Runs in the page: the element named as a person would (tag, role, label), its look, and a problem: outside the
 * window (wholly or in part) or covered at its middle by something else. The look includes its wrappers and
 * neighbours (antd rings a checkbox's drawn box beside its invisible input, an input's affix wrapper, a select's
 * selector). An invisible input is judged by the element drawn for it.
 */
function inspect(element: Element): Stop {
  const registry = window as unknown as { keyboardStopIds?: WeakMap<Element, number>; keyboardStopCount?: number };
  registry.keyboardStopIds ??= new WeakMap();
  let id = registry.keyboardStopIds.get(element);
  if (id === undefined) {
    id = (registry.keyboardStopCount = (registry.keyboardStopCount ?? 0) + 1);
    registry.keyboardStopIds.set(element, id);
  }
  const properties = ['outline-style', 'outline-width', 'outline-color', 'box-shadow', 'border-top-color', 'border-bottom-color', 'border-bottom-width', 'background-color', 'color', 'text-decoration-line'];
  const parts: { element: Element; near: boolean }[] = [{ element, near: false }];
  for (let up = element.parentElement, level = 0; up && level < 4; up = up.parentElement, level += 1) parts.push({ element: up, near: false });
  if (element.nextElementSibling) parts.push({ element: element.nextElementSibling, near: true });
  if (element.firstElementChild) parts.push({ element: element.firstElementChild, near: true });
  const active = document.activeElement;
  const look = parts.map(({ element: part, near }) => {
    const style = getComputedStyle(part);
    const drawn = `${properties.map((property) => style.getPropertyValue(property)).join(';')}|${getComputedStyle(part, '::after').getPropertyValue('box-shadow')}`;
    return { part: drawn, near, holdsFocus: !!active && part !== element && part.contains(active) };
  });
  const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '';
  const role = element.getAttribute('role');
  const name = `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${label.trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
  const invisible = (candidate: Element) => {
    const box = candidate.getBoundingClientRect();
    return box.width <= 1 || box.height <= 1 || Number(getComputedStyle(candidate).opacity) === 0;
  };
  let drawn: Element = element;
  while (invisible(drawn) && drawn.parentElement) drawn = drawn.parentElement;
  const box = drawn.getBoundingClientRect();
  const slack = 1;
  if (box.top < -slack || box.left < -slack || box.bottom > window.innerHeight + slack || box.right > window.innerWidth + slack) {
    return { id, name, look, problem: `outside the window (${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)} in ${window.innerWidth}×${window.innerHeight})` };
  }
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  // A toast passes over for its two seconds: not something the page puts over its controls.
  if (hit && !drawn.contains(hit) && !hit.contains(drawn) && !element.contains(hit) && !hit.closest('.ant-message')) {
    return { id, name, look, problem: `covered by ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` };
  }
  return { id, name, look };
}
