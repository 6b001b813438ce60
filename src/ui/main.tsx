// Placeholder entry for the playground UI (built in a later issue). It proves the Vite + React
// pipeline works; the engine is reached through the worker, never imported here.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
      <h1>PTC Playground</h1>
      <p>The PTC-Lisp engine is ready; the playground UI arrives next. Try the command line: <code>npx ptc repl</code>.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
