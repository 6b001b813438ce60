// The playground page (layout and panels arrive with the features).
export function App() {
  return (
    <main className="h-full bg-white p-4 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <h1 className="text-lg font-semibold">PTC Playground</h1>
    </main>
  );
}
