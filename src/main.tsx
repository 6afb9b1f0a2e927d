import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { canHydrate, readPrerendered } from './app/hydration';
import { preloadRoute } from './app/preload-route';
import { defaultBundle } from './config/bundle';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App apiBaseUrl={import.meta.env.VITE_API_BASE_URL as string | undefined} formsBeforeUser={readPrerendered(root) !== null} />
  </StrictMode>
);

// The first route's screen is loaded before the first render (its chunk is preloaded by the page),
// so a prerendered page hydrates in one pass and no other page flashes a spinner first.
const start = () => {
  if (canHydrate(readPrerendered(root), window.location)) hydrateRoot(root, app);
  else createRoot(root).render(app);
};
preloadRoute(defaultBundle, window.location.pathname).then(start, start);
