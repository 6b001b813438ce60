// The resizable panels: the session's definition on the left, the turns and the next reply in the
// middle, the messages comparison on the right (the selected turn, or the whole run), the REPL along the bottom.
import { useState, type ReactNode } from 'react';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import { DataPanel } from '../data/DataPanel.tsx';
import { MessagesArea } from './MessagesArea.tsx';
import { LlmPanel } from '../llm/LlmPanel.tsx';
import { MessagesCompare } from '../selected-turn/MessagesCompare.tsx';
import { MissionPanel } from '../mission/MissionPanel.tsx';
import { SystemPromptPanel } from '../prompt/SystemPromptPanel.tsx';
import { ReplPane } from '../repl/ReplPane.tsx';
import { NextReplyEditor } from '../reply/NextReplyEditor.tsx';
import { ToolsPanel } from '../tools/ToolsPanel.tsx';
import { TurnList } from '../turns/TurnList.tsx';
import { BranchBar } from '../branches/BranchBar.tsx';
import { ForkButton, ForkProvider } from '../branches/ForkButton.tsx';
import { UserPanel } from '../user/UserPanel.tsx';

function Handle({ id, orientation }: { id: string; orientation: 'horizontal' | 'vertical' }) {
  // A horizontal group has vertical separators (and the other way round).
  const shape = orientation === 'horizontal' ? 'w-1.5 cursor-col-resize' : 'h-1.5 cursor-row-resize';
  return (
    <Separator
      id={id}
      className={`${shape} shrink-0 bg-slate-200 transition-colors hover:bg-sky-400 data-[separator=active]:bg-sky-500 dark:bg-slate-800 dark:hover:bg-sky-600`}
    />
  );
}

/** A panel whose content scrolls in a region named `label` (`scrollId` is the region's id). */
function ScrollPanel({
  id,
  defaultSize,
  minSize,
  label,
  scrollId,
  children,
}: {
  id: string;
  defaultSize: string;
  minSize: string;
  label: string;
  scrollId?: string;
  children: ReactNode;
}) {
  return (
    <Panel id={id} defaultSize={defaultSize} minSize={minSize}>
      {/* Focusable, so the keyboard can scroll a panel that holds nothing focusable. */}
      <div id={scrollId} className="relative h-full overflow-auto" aria-label={label} role="region" tabIndex={0}>
        {children}
      </div>
    </Panel>
  );
}

/** The turn list's scrolling pane: the page's skip link leads there. */
export const TURNS_ID = 'turns';

/** Each turn's "Fork from here" (one function for every render, so the memoized cards stay drawn). */
const forkFrom = (at: number) => <ForkButton at={at} />;

export function Workspace() {
  // The REPL folds down to its header (Hide), and opens again at the size it had (Show).
  const repl = usePanelRef();
  const [replCollapsed, setReplCollapsed] = useState(false);
  const toggleRepl = () => {
    const panel = repl.current;
    if (replCollapsed) panel?.expand();
    else panel?.collapse();
    setReplCollapsed(!replCollapsed);
  };
  return (
    <Group orientation="vertical" id="layout-root" className="min-h-0 flex-1">
      <Panel id="panel-main" defaultSize="76%" minSize="30%">
        <Group orientation="horizontal" id="layout-columns" className="h-full">
          <ScrollPanel id="panel-definition" defaultSize="23%" minSize="14%" label="Session definition">
            <div className="flex flex-col gap-3 p-2">
              <MissionPanel />
              <LlmPanel />
              <SystemPromptPanel />
              <ToolsPanel />
              <DataPanel />
              <UserPanel />
            </div>
          </ScrollPanel>
          <Handle id="separator-definition" orientation="horizontal" />
          <Panel id="panel-turns" defaultSize="33%" minSize="20%">
            <Group orientation="vertical" id="layout-turns" className="h-full">
              <ScrollPanel id="panel-turn-list" defaultSize="70%" minSize="20%" label="Turn list" scrollId={TURNS_ID}>
                <ForkProvider>
                  <TurnList above={<BranchBar />} action={forkFrom} />
                </ForkProvider>
              </ScrollPanel>
              <Handle id="separator-reply" orientation="vertical" />
              <Panel id="panel-reply" defaultSize="30%" minSize="12%">
                <NextReplyEditor />
              </Panel>
            </Group>
          </Panel>
          <Handle id="separator-messages" orientation="horizontal" />
          <ScrollPanel id="panel-messages" defaultSize="44%" minSize="20%" label="What the LLM receives">
            <MessagesArea>
              <MessagesCompare />
            </MessagesArea>
          </ScrollPanel>
        </Group>
      </Panel>
      <Handle id="separator-repl" orientation="vertical" />
      <Panel
        id="panel-repl"
        defaultSize="24%"
        minSize="8%"
        collapsible
        collapsedSize="2.5rem"
        panelRef={repl}
        onResize={() => setReplCollapsed(repl.current?.isCollapsed() ?? false)}
      >
        <ReplPane collapsed={replCollapsed} onToggle={toggleRepl} />
      </Panel>
    </Group>
  );
}
