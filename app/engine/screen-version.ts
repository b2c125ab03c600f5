/**
 * The screens' version: raised with every intended change of what the spread and wheel screens return (the pinned
 * output in tests/unit/engine/fixtures/screen-pinned.json changes with it; tests/unit/engine/screen-version.test.ts
 * holds the pair). The refresh stores the version it screened with, and a closed market's caught-up list is
 * screened again once when a deploy brings another one, instead of serving the old code's ideas until the open.
 */
export const SCREEN_VERSION = 2;
