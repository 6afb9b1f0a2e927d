// The one script a prerendered page names (scripts/prerender-page.ts): once the page has painted, it asks for the
// page's full stylesheet and the app's modules, so neither the first paint nor its largest text waits for them.
// A classic script, loaded with `defer`: it runs once the document is parsed. Hidden tabs start at once (nothing
// to paint for); visible ones after the next frame has been drawn.
(function () {
  var boot = document.currentScript;
  var head = document.head;
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    head.appendChild(element);
  }
  function start() {
    if (boot.dataset.stylesheet) add('link', { rel: 'stylesheet', href: boot.dataset.stylesheet });
    (boot.dataset.preload || '').split(' ').forEach(function (href) {
      if (href) add('link', { rel: 'modulepreload', crossorigin: '', href: href });
    });
    add('script', { type: 'module', crossorigin: '', src: boot.dataset.entry });
  }
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
