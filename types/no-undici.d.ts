// Stands in for the `undici` and `undici-types` packages in the engine's type check
// (tsconfig.engine.json `paths`). The Anthropic SDK's declarations import them only to guess which
// fetch is in use, and their own declarations reference Node's types, which would give every engine
// file `process` and `Buffer`. Without them the SDK falls back to the host's fetch types.
export {};
