import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App apiBaseUrl={import.meta.env.VITE_API_BASE_URL as string | undefined} />
  </StrictMode>,
);
