// The playground's entry: one engine worker, one store, the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { EngineClient, createBrowserWorker } from './engine/client.ts';
import './index.css';
import { PlaygroundProvider } from './state/playground.tsx';

const client = new EngineClient({ createWorker: createBrowserWorker });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PlaygroundProvider client={client}>
      <App />
    </PlaygroundProvider>
  </StrictMode>,
);
