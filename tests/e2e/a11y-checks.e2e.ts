import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeFindings } from './a11y-tree';
import { describeFindings } from './axe';
import { openBrowser, type BrowserSession } from './browser';
import { keyboardUser } from './keyboard/keys';
import { motionFindings, zoomFindings } from './zoom-and-motion';

/** The issue-30 checks themselves, on small pages made to pass or fail them: each check can fail. */
let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser({ width: 390, height: 844 });
});
afterAll(async () => browser?.close());

describe('the accessibility tree check', () => {
  it('names a control without a name, a skipped heading level, a second h1 and an error outside a live region', async () => {
    const { page } = browser;
    await page.setContent(`<main><h1>Title</h1><h3>Skipped</h3><h1>Again</h1><button></button>
      <p style="color: rgb(196, 29, 31)">Enter a valid PAN</p><p role="alert" style="color: rgb(196, 29, 31)">Said aloud</p></main>`);
    expect(describeFindings(await treeFindings(page, '/bad'))).toEqual([
      '/bad control without a name: button <button></button>',
      '/bad headings in order: 2 level-1 headings: "Title", "Again" | "Skipped" is level 3 after level 1',
      '/bad message outside a live region: p. "Enter a valid PAN"',
    ]);
  });

  it("passes a named page whose side panel's h2 comes before the page's h1", async () => {
    const { page } = browser;
    await page.setContent('<aside><h2>Welcome</h2></aside><main><h1>Title</h1><h2>Part</h2><button>Go</button><div role="status"><p style="color: rgb(196, 29, 31)">Wrong code</p></div></main>');
    expect(await treeFindings(page, '/good')).toEqual([]);
  });
});

describe('the keyboard user', () => {
  it('finds a control that shows no focus, both ways, and a control Tab never reaches', async () => {
    const { page } = browser;
    await page.setContent(`<style>button { outline: none; border: 1px solid #888; background: #fff; color: #000; } .ringed:focus-visible { outline: 2px solid blue; }</style>
      <main><h1>Title</h1><button class="ringed">One</button><button>Two</button><button class="ringed">Three</button><div tabindex="-1">Not a stop</div></main>`);
    const keys = keyboardUser(page);
    await keys.tabTo(page.getByRole('button', { name: 'Three' }));
    expect(describeFindings(keys.findings)).toEqual(['blank focus visible: button "Two": looks the same with and without focus']);
    // Back by Shift+Tab: "Two" again on the way, "One" reached with its ring.
    await keys.tabTo(page.getByRole('button', { name: 'One' }), { backwards: true });
    expect(keys.findings).toHaveLength(2);
    await expect(keys.tabTo(page.getByText('Not a stop'))).rejects.toThrow(/never reached/);
  });
});

describe('text at 200 % and reduced motion', () => {
  it('finds a page that scrolls sideways, a label spilling out of its button, and a transition', async () => {
    const { page } = browser;
    await page.setContent(`<main><h1>Title</h1><button class="ant-btn-primary" style="height: 40px; width: 300px; white-space: nowrap; font-size: 15px">Verify and Continue to the next step</button>
      <p style="white-space: nowrap; font-size: 15px; transition: color 0.3s">A long sentence that does not wrap at all, ever</p></main>`);
    const zoom = describeFindings(await zoomFindings(page, '/zoom'));
    expect(zoom).toEqual([expect.stringMatching(/^\/zoom text at 200 %: the page scrolls sideways: \d+ px of content in 390 px \| button "Verify and Continue to the next step": its label spills out of the button$/)]);
    expect(describeFindings(await motionFindings(page, '/motion'))).toEqual(['/motion motion despite reduced motion: p: transition color 0.3s']);
  });
});
