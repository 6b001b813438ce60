// Agents and runs for tests: real programs through the real loop, no hand-made turns.
import { DEFAULT_MAX_TURNS, type AgentDef } from '../../src/agent/agent.ts';
import type { ToolDef } from '../../src/records/records.ts';
import { applyReply, initialStep, messagesFor, prepareAgent, type PreparedAgent } from '../../src/agent/loop.ts';
import type { Step } from '../../src/agent/turn.ts';
import { dataFromJson } from '../../src/lisp/json.ts';

export const REVIEWS_TOOL: ToolDef = {
  name: 'search-reviews',
  signature: '(category :string) -> :string',
  description: 'Review summary for a category',
  impl: '(fn [category] (str "Customer Review Summary for " category ": Laptop 4.5/5, Mouse 3.2/5, Monitor 4.1/5"))',
};

export const INVENTORY_TOOL: ToolDef = {
  name: 'get-inventory',
  signature: '() -> :string',
  impl: '(fn [] "Warehouse Inventory Report: Laptop 23 units, Mouse OUT OF STOCK, Monitor 7 units")',
};

export const PRODUCTS_JSON = [
  { name: 'Laptop', price: 1200, category: 'Electronics' },
  { name: 'Mouse', price: 25, category: 'Electronics' },
  { name: 'Desk', price: 300, category: 'Furniture' },
  { name: 'Monitor', price: 400, category: 'Electronics' },
];

export function agentDef(over: Partial<Omit<AgentDef, 'data'>> & { data?: Record<string, unknown> } = {}): AgentDef {
  const { data, ...rest } = over;
  return {
    mission: 'Find well-reviewed products in stock',
    tools: [REVIEWS_TOOL, INVENTORY_TOOL],
    maxTurns: DEFAULT_MAX_TURNS,
    compression: true,
    ...rest,
    data: dataFromJson(data ?? { products: PRODUCTS_JSON }),
  };
}

export function prepared(def: AgentDef = agentDef()): PreparedAgent {
  const p = prepareAgent(def);
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.agent;
}

/** Wraps a program the way an LLM would reply. */
export function reply(program: string): string {
  return '```clojure\n' + program + '\n```';
}

/** Plays programs (or raw replies starting with "RAW:") turn by turn through the step function. */
export function play(agent: PreparedAgent, programs: readonly string[], step: Step = initialStep()): Step {
  for (const p of programs) {
    const text = p.startsWith('RAW:') ? p.slice(4) : reply(p);
    step = applyReply(agent, step, text, messagesFor(agent, step).messages);
  }
  return step;
}

/** The USER message the LLM would get next. */
export function nextUser(agent: PreparedAgent, step: Step): string {
  const msgs = messagesFor(agent, step).messages;
  return msgs[msgs.length - 1].content;
}
