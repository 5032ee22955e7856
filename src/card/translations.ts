// Whose translation a verse shows where one is shown: the card, the reading
// pages, MCP's text and the page tagger's card. A module of its own, without
// imports, because the tagger (dist/linker.js) bundles it for browsers.

/**
 * The first of each list that has something to say on the verse is shown
 * (commentators who "did not comment" are skipped; on the chapter colophons
 * nobody has, and the card shows the verse alone).
 */
export const CARD_TRANSLATIONS = {
  hindi: [['tej', 'ht'], ['rams', 'ht'], ['sankar', 'ht']],
  english: [['siva', 'et'], ['prabhu', 'et'], ['purohit', 'et'], ['adi', 'et']],
} as const;
