// The examples gallery: every bundled session, the examples and the benchmark set, with its
// title, what it shows and its tags, filterable by tag. Opening one takes the examples menu's path
// (open-example.ts): it becomes a saved session, or goes back to its untouched saved copy.
import { useState } from 'react';
import { ModalDialog } from '../../components/Dialog.tsx';
import { usePlayground } from '../../state/playground.tsx';
import { isRunning } from '../../state/run-machine.ts';
import { GALLERY, matches, SOURCE_LABELS, tagMeaning, tagsOf, useGalleryCards, type GalleryCard, type GalleryEntry, type GallerySource } from './gallery.ts';
import { useOpenBundled } from '../../state/open-example.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

const TAG_BUTTON =
  'rounded-full border px-2 py-0.5 text-xs border-slate-300 bg-white text-slate-700 hover:bg-slate-100 aria-pressed:border-sky-700 aria-pressed:bg-sky-700 aria-pressed:text-white aria-pressed:hover:bg-sky-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700 dark:aria-pressed:border-sky-700 dark:aria-pressed:bg-sky-700 dark:aria-pressed:hover:bg-sky-800';
const TAG_CHIP = 'rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300';

const SECTIONS: readonly { source: GallerySource; heading: string }[] = [
  { source: 'example', heading: 'Examples' },
  { source: 'bench', heading: 'Benchmark sessions' },
];

function Card({ entry, card, busy, onOpen }: { entry: GalleryEntry; card: GalleryCard; busy: boolean; onOpen: () => void }) {
  const titleId = `gallery-title-${entry.name}`;
  return (
    <li
      data-testid={`gallery-entry-${entry.name}`}
      data-source={entry.source}
      aria-labelledby={titleId}
      className="flex flex-col gap-1 rounded border border-slate-200 p-2 dark:border-slate-700"
    >
      <div className="flex items-baseline gap-2">
        <h4 id={titleId} data-testid="gallery-entry-title" className="min-w-0 flex-1 font-medium">
          {card.title}
        </h4>
        <span className="shrink-0 text-[11px] text-slate-500 dark:text-slate-400">
          {SOURCE_LABELS[entry.source]}
          {card.turns > 0 ? ` · ${card.turns} recorded turns` : ''}
        </span>
        <button
          type="button"
          className={SMALL_BUTTON}
          data-testid={`gallery-open-${entry.name}`}
          aria-describedby={titleId}
          disabled={busy}
          title={`Open ${entry.name}.json`}
          onClick={onOpen}
        >
          Open
        </button>
      </div>
      <p data-testid="gallery-entry-description" className="text-xs leading-relaxed text-slate-700 dark:text-slate-300">
        {card.description}
      </p>
      {card.tags.length > 0 && (
        <ul aria-label="Tags" data-testid="gallery-entry-tags" className="flex flex-wrap gap-1">
          {card.tags.map((t) => (
            <li key={t} className={TAG_CHIP} title={tagMeaning(t) || undefined}>
              {t}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function GalleryDialog({ onClose }: { onClose: () => void }) {
  const cards = useGalleryCards(true);
  const openBundled = useOpenBundled();
  const running = usePlayground((s) => isRunning(s.machine));
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [opening, setOpening] = useState(false);

  const loaded = cards.data;
  const all = loaded ? GALLERY.flatMap((entry) => (loaded[entry.path] ? [{ entry, card: loaded[entry.path] }] : [])) : [];
  const shown = all.filter(({ card }) => matches(card, selected));
  const tags = tagsOf(all.map((a) => a.card));

  const toggle = (tag: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(tag)) next.add(tag);
      return next;
    });

  const openEntry = async (entry: GalleryEntry) => {
    setOpening(true);
    try {
      await openBundled(entry);
    } finally {
      setOpening(false);
      // A problem is the page's notice, seen once the dialog is gone.
      onClose();
    }
  };

  return (
    <ModalDialog testId="gallery-dialog" labelledBy="gallery-heading" onClose={onClose} panelClassName="w-[52rem] gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="gallery-heading" className="font-semibold">
          Gallery <span className="font-normal text-slate-500 dark:text-slate-400">(bundled sessions)</span>
        </h2>
        <button type="button" className={SMALL_BUTTON} data-testid="gallery-close" onClick={onClose}>
          Close
        </button>
      </div>
      {cards.isError ? (
        <p role="alert" data-testid="gallery-error" className="text-xs text-red-700 dark:text-red-300">
          Could not load the sessions: {cards.error instanceof Error ? cards.error.message : String(cards.error)}
        </p>
      ) : !loaded ? (
        <p role="status" data-testid="gallery-loading" className="text-xs text-slate-500 dark:text-slate-400">
          Loading the sessions…
        </p>
      ) : (
        <>
          <div role="group" aria-label="Filter by tag" data-testid="gallery-tags" className="flex flex-wrap items-center gap-1">
            <span className="mr-1 text-xs text-slate-500 dark:text-slate-400">Tags:</span>
            {tags.map((t) => {
              const meaning = tagMeaning(t);
              return (
                <button
                  key={t}
                  type="button"
                  className={TAG_BUTTON}
                  data-testid={`gallery-tag-${t}`}
                  aria-pressed={selected.has(t)}
                  title={meaning === '' ? undefined : meaning}
                  onClick={() => toggle(t)}
                >
                  {t} ({all.filter((a) => a.card.tags.includes(t)).length})
                </button>
              );
            })}
            <button
              type="button"
              className={SMALL_BUTTON}
              data-testid="gallery-tags-clear"
              disabled={selected.size === 0}
              onClick={() => setSelected(new Set())}
            >
              All
            </button>
          </div>
          <p role="status" data-testid="gallery-count" className="text-xs text-slate-500 dark:text-slate-400">
            {selected.size === 0 ? `${all.length} sessions` : `${shown.length} of ${all.length} sessions tagged ${[...selected].join(' and ')}`}
          </p>
          <div className="flex min-h-0 flex-col gap-3 relative overflow-auto" data-testid="gallery-list">
            {SECTIONS.map(({ source, heading }) => {
              const items = shown.filter((s) => s.entry.source === source);
              if (items.length === 0) return null;
              return (
                <section key={source} aria-label={heading} className="flex flex-col gap-1.5">
                  <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{heading}</h3>
                  <ul className="flex flex-col gap-1.5">
                    {items.map(({ entry, card }) => (
                      <Card key={entry.path} entry={entry} card={card} busy={opening || running} onOpen={() => void openEntry(entry)} />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        </>
      )}
    </ModalDialog>
  );
}
