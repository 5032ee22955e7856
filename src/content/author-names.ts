// Each commentary's author as a Hindi page writes the name: in Devanagari
// (and as a Telugu page does, in Telugu letters: AUTHOR_NAMES_TE below).
// The records name them in Latin letters ("Swami Ramsukhdas"); a Hindi
// reading page and the tagger's Hindi card show these instead. Names of
// persons: each spelled as the commentary's own text writes its author
// (its colophons, its placeholders), else as the person's own order or
// publisher prints it, and nothing added that the record does not say (no
// surname, no title it lacks). Each entry says where its spelling comes from;
// "Doubt:" marks what a reader of the tradition should look at again.
// Pure data: the reading pages read it, and the build writes the names of
// the Hindi translators into the tagger (src/publish/linker.ts).

/** Commentary key → its author in Devanagari (test/content/author-names.test.ts: one entry for every key of the content). */
export const AUTHOR_NAMES_HI: Readonly<Record<string, string>> = {
  // The Chinmaya Mission's Hindi books print him so (tejomaya + ānanda, with न्द).
  tej: 'स्वामी तेजोमयानन्द',
  // The Divine Life Society's Hindi editions; the reading page's note on the word meanings named him so already.
  siva: 'स्वामी शिवानन्द',
  // Shri Purohit Swami: श्री and the name he wrote under, पुरोहित स्वामी.
  purohit: 'श्री पुरोहित स्वामी',
  // The Chinmaya Mission's Hindi books print him so, as for tej.
  chinmay: 'स्वामी चिन्मयानन्द',
  // The record's "Dr.S.Sankaranarayan", letter for letter; शंकर with the anusvara, as sankar's entry.
  // Doubt: how he wrote his own name in Devanagari is not known here, nor what "S." stands for (kept as the letter, एस.).
  san: 'डॉ. एस. शंकरनारायण',
  // The Ramakrishna Order's Hindi books (ādideva + ānanda).
  adi: 'स्वामी आदिदेवानन्द',
  // The record writes "Gambirananda": Swami Gambhirananda of the Ramakrishna Order (gambhīra + ānanda), the translator of the
  // Gita with Shankara's commentary into English; written with the ह the record drops, as the order writes it.
  gambir: 'स्वामी गम्भीरानन्द',
  // The record writes "Madhavacharya", which letter for letter is माधवाचार्य (Mādhavācārya, another person); the commentary is
  // Madhva's Gītābhāṣya: its own placeholders say "Sri Madhvacharya", and jaya.sc, Jayatīrtha's gloss on it, names his teacher
  // Akṣobhyatīrtha of Madhva's line.
  madhav: 'श्री मध्वाचार्य',
  // anand.sc's colophons: "...भगवदानन्दगिरिविरचिते श्रीगीताभाष्यविवेचने".
  anand: 'श्री आनन्दगिरि',
  // Gita Press, his publisher, prints "स्वामी रामसुखदास".
  rams: 'स्वामी रामसुखदास',
  // As the record has it (Sri Ramanuja); the commentaries also call him श्रीरामानुजाचार्य.
  raman: 'श्री रामानुज',
  // One word, as abhinav.sc's colophons write it ("...अभिनवगुप्तपादविरचिते"); the record splits it ("Abhinav Gupta").
  abhinav: 'श्री अभिनवगुप्त',
  // sankar.sc's colophons: "श्रीमच्छंकरभगवतः कृतौ"; chinmay.hc writes "श्री शंकराचार्य" (Sanskrit prints also शङ्कर).
  sankar: 'श्री शंकराचार्य',
  // The record's "Jayatritha" is a slip: its own placeholders say "Sri Jayatirtha" (Jayatīrtha).
  jaya: 'श्री जयतीर्थ',
  // vallabh.sc's closing verses name "श्रीवल्लभ".
  // Doubt: the same verses speak of Vallabha as the writer's master, and its chapter 1 is said to be Viṭṭhaleśa's: the
  // attribution is the record's; the name is written as the tradition writes Vallabhācārya.
  vallabh: 'श्री वल्लभाचार्य',
  // ms.sc's colophons: "...मधुसूदनसरस्वतीविरचितायां श्रीमद्भगवद्गीतागूढार्थदीपिकायां".
  ms: 'श्री मधुसूदन सरस्वती',
  // srid.sc's closing verse: "श्रीधरस्वामियतिना कृता गीतासुबोधिनी"; the record's "Sri" before it.
  srid: 'श्री श्रीधर स्वामी',
  // dhan.sc's colophons: "...धनपतिविदुषा ... विरचितायां श्रीगीताभाष्योत्कर्षदीपिकायां" (Dhanapati Sūri).
  dhan: 'श्री धनपति',
  // venkat.sc's colophons: "श्रीमद्वेङ्कटनाथस्य वेदान्ताचार्यस्य" (ङ्क as they write it); no श्री, as the record has none.
  // Doubt: the title is the record's compound, "Vedantadeshikacharya"; the colophons say वेदान्ताचार्य, the tradition वेदान्तदेशिक.
  venkat: 'वेदान्तदेशिकाचार्य वेङ्कटनाथ',
  // Puruṣottama of Vallabha's school (puru.sc is his Amṛtataraṅgiṇī), with the Hindi -जी the record has.
  // Doubt: the commentary's colophons do not name him; the name is the record's.
  puru: 'श्री पुरुषोत्तमजी',
  // neel.sc's colophons: "इति श्रीनैलकण्ठीये" (ण्ठ as Sanskrit writes it; Hindi also prints नीलकंठ).
  // Doubt: Nīlakaṇṭha Caturdhara, but the record gives no surname, and none is added.
  neel: 'श्री नीलकण्ठ',
  // The Bhaktivedanta Book Trust's Hindi editions (श्रीमद्भगवद्गीता यथारूप).
  prabhu: 'ए.सी. भक्तिवेदान्त स्वामी प्रभुपाद',
};

/**
 * Commentary key → its author in Telugu letters, for a Telugu reading page:
 * the person of the Devanagari table above, written as Telugu writes such
 * names (not letter for letter from the Devanagari): స్వామి with its short i,
 * the anusvara before a consonant (ఆనంద, శంకర, వేంకట), a Sanskrit name ending
 * in its a (శంకరాచార్య, శివానంద), a Hindi one in its consonant (రామసుఖదాస్,
 * పురోహిత్), డా. for Dr. Written for this project and read again, not by a
 * native editor; the doubts of the Devanagari entries hold here too.
 */
export const AUTHOR_NAMES_TE: Readonly<Record<string, string>> = {
  tej: 'స్వామి తేజోమయానంద',
  // As the Telugu reading page's note on the word meanings names him.
  siva: 'స్వామి శివానంద',
  purohit: 'శ్రీ పురోహిత్ స్వామి',
  chinmay: 'స్వామి చిన్మయానంద',
  san: 'డా. ఎస్. శంకరనారాయణ',
  adi: 'స్వామి ఆదిదేవానంద',
  gambir: 'స్వామి గంభీరానంద',
  madhav: 'శ్రీ మధ్వాచార్య',
  anand: 'శ్రీ ఆనందగిరి',
  rams: 'స్వామి రామసుఖదాస్',
  raman: 'శ్రీ రామానుజ',
  abhinav: 'శ్రీ అభినవగుప్త',
  sankar: 'శ్రీ శంకరాచార్య',
  jaya: 'శ్రీ జయతీర్థ',
  vallabh: 'శ్రీ వల్లభాచార్య',
  ms: 'శ్రీ మధుసూదన సరస్వతి',
  srid: 'శ్రీ శ్రీధర స్వామి',
  dhan: 'శ్రీ ధనపతి',
  venkat: 'వేదాంతదేశికాచార్య వేంకటనాథ',
  puru: 'శ్రీ పురుషోత్తమజీ',
  neel: 'శ్రీ నీలకంఠ',
  prabhu: 'ఏ.సి. భక్తివేదాంత స్వామి ప్రభుపాద',
};

/** The tables by the language of the page that names the authors (the records' own names are the English). */
const AUTHOR_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = { hi: AUTHOR_NAMES_HI, te: AUTHOR_NAMES_TE };

/** The author a page in `lang` names: on a Hindi or Telugu page the name in its letters from the table, else (and for a key the table lacks) the record's. */
export const authorName = (key: string, recorded: string, lang: string): string => {
  const names = Object.hasOwn(AUTHOR_NAMES, lang) ? AUTHOR_NAMES[lang] : null;
  return names && Object.hasOwn(names, key) ? names[key] : recorded;
};
