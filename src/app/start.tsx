import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { defaultBundle } from '../config/bundle';
import { currentLanguage, languages } from '../config/language';
import { loadTexts } from '../config/language-texts';
import { App } from './app';
import { canHydrate, readPrerendered } from './hydration';
import { preloadRoute } from './preload-route';

/** Renders the app into #root (src/main.tsx calls it once React DOM has been evaluated). */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App apiBaseUrl={import.meta.env.VITE_API_BASE_URL as string | undefined} pagesBeforeUser={readPrerendered(root) !== null} />
    </StrictMode>
  );
  // The first route's screen is loaded before the first render (its chunk is preloaded by the page),
  // so a prerendered page hydrates in one pass and no other page flashes a spinner first.
  // The first render is a transition: React works in slices of a few milliseconds and lets the browser paint and
  // handle input between them, rather than one long task (a click on a part not yet hydrated hydrates that part first).
  const start = () => {
    // The build prerenders in the default language: a page in another language is drawn afresh over it.
    const hydrates = currentLanguage() === languages.default && canHydrate(readPrerendered(root), window.location);
    startTransition(() => {
      if (hydrates) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  };
  const { pathname } = window.location;
  Promise.all([preloadRoute(defaultBundle, pathname), loadTexts(defaultBundle, currentLanguage(), pathname)]).then(start, start);
}
