import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstScreen } from './app/prefetch';
import { preloadPage } from './app/router';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
preloadPage(window.location.pathname);
prefetchFirstScreen(queryClient, window.location.pathname, window.innerWidth);

const root = createRoot(container);
/**
 * The first render waits for the language's catalogue, so no text ever shows as its key, and
 * runs as a transition: React yields to the browser every few milliseconds while it builds
 * the first screen, so a big workspace never blocks the page for long.
 */
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
void i18nReady.then(render, render);
