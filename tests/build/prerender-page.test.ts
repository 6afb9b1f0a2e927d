import { describe, expect, it } from 'vitest';
import { prerenderedPage } from '../../scripts/prerender-page';

const template = [
  '<!doctype html><html><head><title>Onboard</title>',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const rendered = { html: '<main><h1>Open your trading account</h1></main>', styles: '<style data-css-hash="x">.ant-btn{}</style>' };

describe('a prerendered page', () => {
  const page = prerenderedPage({ template, route: { path: '/login' }, rendered, js: ['assets/index.js', 'assets/react.js', 'assets/mobile-login.js'], css: ['body{margin:0}'] });

  it('holds the markup in #root, saying which route it is and that a first visit may hydrate it', () => {
    expect(page).toContain('<div id="root" data-prerendered="/login" data-hydratable="true"><main><h1>Open your trading account</h1></main></div>');
  });

  it('inlines the CSS instead of linking it, with antd styles after the app stylesheet', () => {
    expect(page).not.toContain('rel="stylesheet"');
    expect(page).toContain('<style>body{margin:0}</style><style data-css-hash="x">.ant-btn{}</style></head>');
  });

  it('preloads the route chunks the template lacks, every script at low priority', () => {
    expect(page.match(/mobile-login\.js/g)).toHaveLength(1);
    expect(page.match(/react\.js/g)).toHaveLength(1);
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/mobile-login.js">');
    expect(page).not.toMatch(/<(script type="module"|link rel="modulepreload")(?! fetchpriority)/);
  });

  it('is hydratable by a signed-in applicant when rendered as one, by no one when it assumed something else stored', () => {
    const signedIn = prerenderedPage({ template, route: { path: '/verify-pan', stored: { authToken: '"x"' }, signedIn: true }, rendered, js: [], css: [] });
    expect(signedIn).toContain('data-prerendered="/verify-pan" data-hydratable="signed-in"');
    const otp = prerenderedPage({ template, route: { path: '/verify-otp', stored: { verifyToken: '"x"' } }, rendered, js: [], css: [] });
    expect(otp).toContain('data-prerendered="/verify-otp" data-hydratable="false"');
  });
});
