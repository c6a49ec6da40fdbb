import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstScreen } from './app/prefetch';
import { preloadAppPage } from './app/router';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
preloadAppPage(window.location.pathname);
prefetchFirstScreen(queryClient, window.location.pathname, window.innerWidth);

const root = createRoot(container);
// The first screen renders as a transition: React yields to the browser every few
// milliseconds while it builds it, so a big workspace never blocks the page for long.
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
