// The playground's entry: one engine worker, one store, the saved sessions, the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { EngineClient, createBrowserWorker } from './engine/client.ts';
import './index.css';
import { PersistenceProvider } from './persistence/SessionPersistence.tsx';
import { createIdbSessionStore } from './persistence/session-store.ts';
import { PlaygroundProvider } from './state/playground.tsx';

// A call that runs long loads a spare worker, so a restart after a runaway answers quickly.
const client = new EngineClient({ createWorker: createBrowserWorker, spare: true });
// Sessions are saved in IndexedDB; where the browser refuses it, the app says so and goes on.
const sessions = createIdbSessionStore();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PlaygroundProvider client={client}>
      <PersistenceProvider sessions={sessions}>
        <App />
      </PersistenceProvider>
    </PlaygroundProvider>
  </StrictMode>,
);
