// Numbers written in words, as references write chapters and verses
// ("chapter two, verse forty-seven", "दूसरे अध्याय के सैंतालीसवें श्लोक"):
// the spellings of 1 to 100 in English and Hindi, cardinal and ordinal.
// Data only; ref-words.ts reads them into its vocabulary.
//
// Where the tables come from, so that none of it is guessed:
// - English: CLDR's English number rules (common/rbnf/en.xml in
//   unicode-org/cldr, spellout-cardinal and spellout-ordinal): "forty-seven",
//   "forty-seventh", "one hundred", "one hundredth". A compound is read with
//   its hyphen or with a space ("seventy two").
// - Hindi cardinals 1 to 99: CLDR's Hindi table (common/rbnf/hi.xml,
//   spellout-cardinal), in its order; 100 is "सौ" or, as CLDR writes it,
//   "एक सौ".
// - Hindi ordinals: ICU's rules made from that table
//   (icu4c/source/data/rbnf/hi.txt in unicode-org/icu,
//   spellout-ordinal-masculine, -masculine-oblique and -feminine): 1, 2, 3,
//   4 and 6 have their own words (पहला, दूसरा, तीसरा, चौथा, छठा, each in
//   -ा, -े and -ी), every other is the cardinal with वाँ, वें or वी
//   (पाँचवाँ, सैंतालीसवें, अठारहवीं). After digits, ICU's digits-ordinal
//   endings: 1ला, 2रा, 4था, 6ठा, 18वाँ, and their -े and -ी forms.
// Hindi spellings are compared after the normalization of wordKey
// (ref-words.ts): a chandrabindu counts as an anusvara (पाँच, पांच) and a
// nasal consonant with a virama before a consonant as an anusvara (पन्द्रह,
// पंद्रह), the two ways Hindi writes the same nasal. वीं and वी are both read:
// ICU writes the feminine with a nasal after digits (18वीं), without it
// after words (अठारहवी), and Hindi writes both.

/** English 1 to 19, then the tens 20 to 90, cardinal and ordinal, in order. */
export const ENGLISH_UNITS = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen';
export const ENGLISH_UNIT_ORDINALS = 'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth';
export const ENGLISH_TENS = 'twenty thirty forty fifty sixty seventy eighty ninety';
export const ENGLISH_TEN_ORDINALS = 'twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth';
export const ENGLISH_HUNDRED = ['hundred', 'hundredth'] as const;

/** CLDR's Hindi cardinals 1 to 99, in order (common/rbnf/hi.xml). */
export const HINDI_CARDINALS =
  'एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पन्द्रह सोलह सत्रह अठारह उन्नीस बीस ' +
  'इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस ' +
  'इकतालीस बयालीस तैंतालीस चौवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ ' +
  'इकसठ बासठ तिरेसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उनासी अस्सी ' +
  'इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानबे बानबे तिरानबे चौरानबे पंचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे';
export const HINDI_HUNDRED = 'सौ';

/** ICU's Hindi ordinals with words of their own (masculine, oblique, feminine), by value. */
export const HINDI_OWN_ORDINALS: ReadonlyArray<[number, string]> = [
  [1, 'पहला पहले पहली'],
  [2, 'दूसरा दूसरे दूसरी'],
  [3, 'तीसरा तीसरे तीसरी'],
  [4, 'चौथा चौथे चौथी'],
  [6, 'छठा छठे छठी'],
];
/** The endings that make the other ordinals of a cardinal (ICU: वाँ, वें, वी; and वीं, as after digits). */
export const HINDI_ORDINAL_ENDINGS = 'वाँ वें वी वीं';

/** Endings after digits: English (2nd, 47th) and ICU's Hindi digits-ordinal (1ला, 2रे, 4थी, 6ठा, 18वें). */
export const DIGIT_ORDINAL_ENDINGS = 'st nd rd th ला ले ली रा रे री था थे थी ठा ठे ठी वाँ वें वीं';
