// The work's name as each reading language writes it: the reading pages'
// titles and the tagger's card. Pure data: the tagger (dist/linker.js) bundles it.
export const BOOK_NAME = { en: 'Bhagavad Gita', hi: 'श्रीमद्भगवद्गीता', te: 'శ్రీమద్భగవద్గీత' } as const;
