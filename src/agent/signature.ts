// Tool signatures: the syntax lives in src/compression/signature.ts (compression prints them in the
// `tool/` section and must not import src/agent); re-exported here for the agent's callers.
export * from '../compression/signature.ts';
