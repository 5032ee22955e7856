// The credits root data carries, worded once: the roots come from the
// dhātupāṭha of ambuda-org/vidyut (MIT, its notice kept with every copy), the
// words they are the roots of from the Digital Corpus of Sanskrit (CC BY 4.0).
import { DCS_ATTRIBUTION } from '../dcs/attribution.ts';

/** Whose dhātupāṭha: named as is in every language's credit. */
export const DHATUPATHA_BY = 'ambuda-org/vidyut (ashtadhyayi.com)';
export const DHATUPATHA_WORK = `the dhātupāṭha of ${DHATUPATHA_BY}`;
export const DHATUPATHA_LICENSE = { name: 'MIT', url: 'https://github.com/ambuda-org/vidyut/blob/main/LICENSE' } as const;
export const DHATUPATHA_SOURCE = 'https://github.com/ambuda-org/vidyut (vidyut-prakriya/data/dhatupatha.tsv, commit 8fb93bb4fb9b362eab4292479cb8a3acf6070cb5)';
export const DHATUPATHA_ATTRIBUTION = `Roots: ${DHATUPATHA_WORK}, ${DHATUPATHA_LICENSE.name}`;
/** Both credits, as every root answer carries them. */
export const ROOTS_ATTRIBUTION = `${DHATUPATHA_ATTRIBUTION}; ${DCS_ATTRIBUTION}`;
/** The English senses of a root are the word-by-word meanings of its forms: their own credit. */
export const SENSES_CREDIT = "Senses: the word-by-word meanings of the root's forms (Swami Sivananda's word lists), as the words route gives them";
