import { describe, expect, it } from 'vitest';
import { prerenderedPage } from '../../scripts/prerender-page';

const template = [
  '<!doctype html><html><head><title>Onboard</title>',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const rendered = { html: '<main class="card"><h1>Open your trading account</h1></main>', styles: '' };
const css = '.ant-btn{color:red}.card{margin:0}h1{font-size:24px}.ant-modal{top:0}';
const assets = {
  boot: '/assets/boot-1.js',
  stylesheets: ['/assets/page-2.css', '/assets/page-3.css'],
  js: ['/assets/index.js', '/assets/react.js', '/assets/sign-in-texts.js', '/assets/mobile-login.js'],
  texts: ['/assets/sign-in-texts.js'],
  languages: { default: 'en', declared: ['en', 'hi'], storageKey: 'onboard.language' },
};

describe('a prerendered page', () => {
  const page = prerenderedPage({ template, route: { path: '/login' }, rendered, css, assets });

  it('holds the markup in #root, saying which route it is and that a first visit may hydrate it', () => {
    expect(page).toContain('<div id="root" data-prerendered="/login" data-hydratable="true"><main class="card"><h1>Open your trading account</h1></main></div>');
  });

  it('inlines only the CSS its markup uses, and links no stylesheet', () => {
    expect(page).toContain('<style>.card{margin:0}h1{font-size:24px}</style>');
    expect(page).not.toContain('rel="stylesheet"');
  });

  it("asks for no module before it has painted: one deferred script names the stylesheet, the entry, the chunks and apart the default language's texts", () => {
    expect(page).not.toMatch(/type="module"|modulepreload/);
    expect(page).toContain(
      '<script defer src="/assets/boot-1.js" data-stylesheets="/assets/page-2.css /assets/page-3.css" data-entry="/assets/index.js" data-preload="/assets/react.js /assets/mobile-login.js"' +
        ' data-preload-texts="/assets/sign-in-texts.js" data-language="en" data-languages="en hi" data-language-key="onboard.language"></script></head>',
    );
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it("names the chunks' stylesheets its stylesheet holds, so the app's module loader takes them as loaded", () => {
    const withParts = prerenderedPage({ template, route: { path: '/login' }, rendered, css, assets: { ...assets, stylesheetParts: ['/assets/form.css', '/assets/app.css'] } });
    expect(withParts).toContain('data-stylesheets="/assets/page-2.css /assets/page-3.css" data-stylesheet-parts="/assets/form.css /assets/app.css" data-entry="/assets/index.js"');
  });

  it('a signed-in page asks for the applicant as it paints (path, token key, deadline, languages); a public page does not', () => {
    const user = { path: '/api/user', tokenKey: 'authToken', timeoutMs: 15000 };
    const signedIn = prerenderedPage({ template, route: { path: '/verify-pan', stored: { authToken: '"x"' }, signedIn: true }, rendered, css, assets: { ...assets, texts: [], user } });
    expect(signedIn).toContain(' data-language="en" data-languages="en hi" data-language-key="onboard.language" data-user="/api/user" data-token-key="authToken" data-user-timeout="15000"></script>');
    const login = prerenderedPage({ template, route: { path: '/login' }, rendered, css, assets: { ...assets, user } });
    expect(login).not.toContain('data-user=');
  });

  it('is hydratable by a signed-in applicant when rendered as one, by no one when it assumed something else stored', () => {
    const signedIn = prerenderedPage({ template, route: { path: '/verify-pan', stored: { authToken: '"x"' }, signedIn: true }, rendered, css, assets });
    expect(signedIn).toContain('data-prerendered="/verify-pan" data-hydratable="signed-in"');
    const otp = prerenderedPage({ template, route: { path: '/verify-otp', stored: { verifyToken: '"x"' } }, rendered, css, assets });
    expect(otp).toContain('data-prerendered="/verify-otp" data-hydratable="false"');
  });

  it('refuses markup holding a script or a pending boundary (an inline script the CSP would block)', () => {
    const outlined = { html: '<main><!--$?--><template id="B:0"></template></main><script>$RC("B:0","S:0")</script>', styles: '' };
    expect(() => prerenderedPage({ template, route: { path: '/tax-residency' }, rendered: outlined, css, assets })).toThrow(
      'prerender /tax-residency: the markup holds a script or a pending boundary',
    );
  });
});
