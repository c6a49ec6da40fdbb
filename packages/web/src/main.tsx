import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstScreen } from './app/prefetch';
import { preloadPage } from './app/router';
import { applyStartingColorScheme } from './lib/color-scheme';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

applyStartingColorScheme();
const queryClient = createQueryClient();
preloadPage(window.location.pathname);
prefetchFirstScreen(queryClient, window.location.pathname, window.innerWidth);

const root = createRoot(container);
/** The first render waits for the language's catalogue, so no text ever shows as its key. */
const render = () =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
void i18nReady.then(render, render);
