// Builtins: interop. (being written)
export {};
