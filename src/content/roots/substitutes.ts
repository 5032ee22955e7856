// DCS lemmas that are not roots of the dhātupāṭha but a root's substitute
// (ādeśa): Pāṇini gives the root, and a rule puts another stem in its place
// in some forms. The DCS files those forms under the substitute.

export interface Substitute {
  root: string;
  rule: string;
}

export const SUBSTITUTES: Record<string, Substitute> = {
  paś: { root: 'dṛś', rule: '7.3.78 pāghrādhmāsthāmnādāṇdṛśyartisartiśadasadāṃ pibajighradhamatiṣṭhamanayacchapaśyarcchadhauśīyasīdāḥ: paśya- is dṛś\'s present stem' },
  dham: { root: 'dhmā', rule: '7.3.78: dhama- is dhmā\'s present stem' },
  ah: { root: 'brū', rule: '3.4.84 bruvaḥ pañcānām āditaḥ āho bruvaḥ: āha, āhuḥ, āttha are forms of brū' },
};
