// Builtins: functions. (being written)
export {};
