// The credit the DCS's license (CC BY 4.0) asks for, worded once: next to the
// data wherever it is served or published, and kept apart from the GPL-3.0
// notice of the verse texts.
// Its parts are named too, for a credit worded in another language (the
// reading pages' Hindi): the work, author and license keep their own names.
export const DCS_WORK = 'The Digital Corpus of Sanskrit (DCS)';
export const DCS_AUTHOR = 'Oliver Hellwig';
export const DCS_LICENSE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;
export const DCS_ATTRIBUTION = `Word analysis: ${DCS_WORK}, ${DCS_AUTHOR}, ${DCS_LICENSE.name}`;
export const DCS_SOURCE = 'https://github.com/OliverHellwig/sanskrit (dcs/data/conllu), Mahābhārata 6, BhaGī 1-18';
/** The citation the DCS asks for. */
export const DCS_CITATION = 'Hellwig, Oliver: The Digital Corpus of Sanskrit (DCS), 2010-2024';
