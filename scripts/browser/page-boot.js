// The one script a prerendered page names (scripts/prerender-page.ts): once the page has painted its content, it
// asks for the page's full stylesheet, the app's modules and, signed in, the applicant, so neither the first paint
// nor its largest text waits for them. A classic script, loaded with `defer`: it runs once the document is parsed.
(function () {
  var boot = document.currentScript;
  var head = document.head;
  var started = false;
  // Each element is appended in its turn (see inSlices): a <link rel=modulepreload> starts its fetch inside
  // appendChild, 0.3-1 ms of main thread each, and a form route names about forty.
  var queued = [];
  function add(tag, attributes) {
    queued.push(function () {
      var element = document.createElement(tag);
      for (var name in attributes) element.setAttribute(name, attributes[name]);
      head.appendChild(element);
    });
  }
  // Runs the queued appends in order, yielding to the page every few milliseconds, so that the page's first input
  // never waits on one long task (Lighthouse counts this one on a phone's CPU, four times as long).
  function inSlices() {
    var sliceMs = 4;
    var next = 0;
    (function slice() {
      var until = Date.now() + sliceMs;
      while (next < queued.length) {
        queued[next++]();
        if (next < queued.length && Date.now() >= until) return setTimeout(slice, 0);
      }
    })();
  }
  // The page's stylesheet comes in parts (scripts/critical-css.ts, cssInParts), all asked for at once: each is applied
  // a frame after the one before, so each part's parse and restyle is a task of its own (the whole sheet, ~280 KB,
  // was one task of 30-60 ms on a phone's CPU). They are applied from the last part back, each placed before the one
  // applied before it: at every moment the parts applied are the sheet's tail, in its order, after the page's inline
  // CSS, so no rule ever wins that would lose to a rule of a part still to come.
  function applyInTurn(hrefs) {
    var next = hrefs.length - 1;
    var applied = null;
    function one() {
      if (next < 0) return;
      var link = document.createElement('link');
      link.setAttribute('rel', 'stylesheet');
      link.setAttribute('href', hrefs[next--]);
      link.onload = link.onerror = afterAFrame;
      if (applied) head.insertBefore(link, applied);
      else head.appendChild(link);
      applied = link;
    }
    function afterAFrame() {
      // A hidden tab draws no frame: its next part goes on at once.
      if (document.visibilityState === 'hidden' || !window.requestAnimationFrame) return setTimeout(one, 0);
      requestAnimationFrame(function () {
        setTimeout(one, 0);
      });
    }
    one();
  }
  // The declared language ?lang= or the applicant's stored choice names, if any (the app's own rule,
  // src/config/language.ts, has the last word: a hint that misses only costs a preload or a request).
  function chosenLanguage() {
    var declared = (boot.dataset.languages || '').split(' ');
    var chosen = new URLSearchParams(window.location.search).get('lang');
    if (declared.indexOf(chosen) < 0) {
      try {
        chosen = window.localStorage.getItem(boot.dataset.languageKey);
      } catch (error) {
        chosen = null;
      }
    }
    return declared.indexOf(chosen) >= 0 ? chosen : null;
  }
  // The default language's texts are of use only to a page that opens in it.
  function opensInAnotherLanguage() {
    var chosen = chosenLanguage();
    return chosen !== null && chosen !== boot.dataset.language;
  }
  // A signed-in page asks for the applicant now, beside its modules, instead of after them: the app takes the answer
  // (src/api/prefetched-user.ts) when it would ask with the same token and language, and asks itself otherwise.
  function askForApplicant() {
    var token = null;
    try {
      token = JSON.parse(window.localStorage.getItem(boot.dataset.tokenKey) || 'null');
    } catch (error) {
      return;
    }
    if (typeof token !== 'string' || !token || !window.fetch) return;
    var language = chosenLanguage() || boot.dataset.language;
    var headers = { Accept: 'application/json', 'x-access-token': token, 'Accept-Language': language };
    var options = { headers: headers, credentials: 'include' };
    // The API client's deadline (src/api/client.ts): an answer later than that is not waited for.
    if (window.AbortSignal && AbortSignal.timeout) options.signal = AbortSignal.timeout(Number(boot.dataset.userTimeout));
    window.onboardUserRequest = { token: token, language: language, response: window.fetch(boot.dataset.user, options) };
  }
  function start() {
    if (started) return;
    started = true;
    if (boot.dataset.user) askForApplicant();
    var sheets = (boot.dataset.stylesheets || '').split(' ').filter(Boolean);
    if (sheets.length > 0) queued.push(applyInTurn.bind(null, sheets));
    sheets.slice(0, -1).forEach(function (href) {
      add('link', { rel: 'preload', as: 'style', href: href });
    });
    // The chunks' stylesheets the page's stylesheet holds, marked as present for the app's module loader (Vite's
    // preload helper skips a stylesheet a <link> already names): disabled, so never fetched nor applied. Otherwise
    // it fetches each again and holds the chunk that imports it until it has loaded: round trips before the page
    // takes input, and a restyle of the page for each.
    (boot.dataset.stylesheetParts || '').split(' ').forEach(function (href) {
      if (href) add('link', { rel: 'stylesheet', href: href, disabled: '' });
    });
    var texts = opensInAnotherLanguage() ? '' : boot.dataset.preloadTexts || '';
    ((boot.dataset.preload || '') + ' ' + texts).split(' ').forEach(function (href) {
      if (href) add('link', { rel: 'modulepreload', crossorigin: '', href: href });
    });
    add('script', { type: 'module', crossorigin: '', src: boot.dataset.entry });
    inSlices();
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  // A hidden tab paints nothing: start at once. Otherwise when the browser reports the first contentful paint
  // (buffered: it may have happened already), with a late start should it never report one.
  if (document.visibilityState === 'hidden' || types.indexOf('paint') < 0) return start();
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 5000);
})();
