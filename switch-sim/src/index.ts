// The switch simulator is being built; this placeholder keeps the workspace compilable.
export {};
