/**
 * The saved games (web/storage/): what this device keeps between visits — games in progress,
 * finished games, statistics, profile, settings — read and written as web/storage/store.js
 * describes. This module only gathers the public names, so callers import one place.
 */
export { openStorage, REFUSALS, PROBLEMS } from './storage/store.js';
export { memoryStorage } from './storage/atomic.js';
export {
  SCHEMA_VERSION,
  EXPORT_KIND,
  MIGRATIONS,
  MAX_DEPTH,
  StorageProblem,
  jsonDepth,
  parseStored,
  unsafeNumber,
  is,
  shapeProblem,
  SUMMARY,
  FINISHED,
  STATS,
  PROFILE,
  summarize,
  fullStats,
} from './storage/schema.js';
