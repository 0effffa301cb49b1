// Pure core: no cdktf or constructs imports.
// Kept as a file so the deep import path `lib/core/api/migrate` (package exports map `./lib/*`) still resolves.
export * from './migrate/index';
