// The other works the commentaries cite, one canonical name each however
// it is abbreviated: "छा0 उ0", "छां.उ.", "Cha. U." and "Chāndogya Upaniṣad"
// are one work. The miner (links.ts) hands this module the label written
// before a citation's numbers; a label no entry names stays as written
// (the /works list counts those apart). Pure.
import { foldLemma } from './dcs/lemma-name.ts';

/** A work: its canonical name (IAST) and the labels it is written with. */
interface WorkEntry {
  name: string;
  /** Tested against the label folded by foldLabel: Devanagari "0" read as ".", spaces dropped, lower case. */
  forms: RegExp;
}

// Longer, more specific forms first: "तै.आ." before "तै.", "br.s." before "br.".
const WORKS: readonly WorkEntry[] = [
  { name: 'Bhagavad-gītā', forms: /^(?:गीता|गाता|गी\.|श्रीमद्भगवद्गीता|भगवद्गीता|(?:śrīmad-?)?bhagavad-?g[iī]t[aā]|g[iī]t[aā]|bg\.?)$/ },
  { name: 'Taittirīya Āraṇyaka', forms: /^(?:तै\.आ\.?|तै\.आर\.?|तैत्तिरीयारण्यक|tai\.?,?a\.?,?|tai\.?,?ar\.?,?|taittiriyaaranyaka)$/ },
  { name: 'Taittirīya Saṁhitā', forms: /^(?:तै\.सं\.?|tai\.?,?sam\.?,?|taitt\.sam\.?,?)$/ },
  { name: 'Taittirīya Brāhmaṇa', forms: /^(?:तै\.ब्रा\.?|य\.तै\.ब्रा\.?|tai\.?br\.?,?)$/ },
  { name: 'Mahānārāyaṇa Upaniṣad', forms: /^(?:म\.ना\.(?:उ\.)?|महाना\.?|तै\.ना\.(?:उ\.)?|ma\.na\.?(?:u\.)?,?|tai\.na\.?,?)$/ },
  { name: 'Taittirīya Upaniṣad', forms: /^(?:तै\.उ\.?|तैत्ति\.?|तैत्तिरीय\.?|तैत्तिरीयोपनिषद्|तैति\.|tai\.u\.?,?|tai\.?,?|taittir[iī]ya(?:upani[sṣ]h?ad)?)$/ },
  { name: 'Chāndogya Upaniṣad', forms: /^(?:छा\.उ\.?|छाउ\.|छां\.(?:उ\.)?|छ\.उ\.?|छान्दोग्य\.?|cha\.u\.?,?|ch\.?|ch[aā]ndogya(?:upani[sṣ]h?ad)?|chandogyopanishad)$/ },
  { name: 'Bṛhadāraṇyaka Upaniṣad', forms: /^(?:बृ\.उ\.?|बृह\.उ\.?|बृउ\.|बृहदारण्यक\.?|बृ\.|br\.u\.?(?:madh\.)?,?|br\.|brh\.|b[rṛ]had-?[aā]ra[nṇ]yaka(?:upani[sṣ]h?ad)?|brihadaranyaka(?:upanishad)?\??(?:[ivx]+\.)?)$/ },
  { name: 'Śvetāśvatara Upaniṣad', forms: /^(?:श्वे\.उ\.?|श्वेता\.?|श्वेताश्वतरोपनिषद्|sv\.|sve\.?(?:u\.)?,?|[sś]vet[aā][sś]vatara(?:upani[sṣ]h?ad)?|svetasvataropanishad)$/ },
  { name: 'Muṇḍaka Upaniṣad', forms: /^(?:मुं\.उ\.?|मु\.उ\.?|मुण्डक\.?|मुण्ड\.|मुं\.|मु\.|मुंडो\.|mun\.u\.?,?|mu\.|mu[nṇ][dḍ]aka(?:upani[sṣ]h?ad)?|mundakopanishad)$/ },
  { name: 'Kaṭha Upaniṣad', forms: /^(?:कठो\.?|कठोप\.|कठ\.(?:उ\.)?|क\.उ\.?|कठोपनिषद्|ka\.?,?(?:u\.)?,?|ka[tṭ]ha(?:upani[sṣ]h?ad)?|kathopanishad)$/ },
  { name: 'Kena Upaniṣad', forms: /^(?:के\.उ\.?|केन\.|ke\.|kena(?:upani[sṣ]h?ad)?)$/ },
  { name: 'Praśna Upaniṣad', forms: /^(?:प्रश्नो\.|प्र\.उ\.|pra[sś]na(?:upani[sṣ]h?ad)?)$/ },
  { name: 'Aitareya Upaniṣad', forms: /^(?:ऐ\.उ\.|aitareya(?:upani[sṣ]h?ad)?)$/ },
  { name: 'Aitareya Brāhmaṇa', forms: /^(?:ऐ\.ब्रा\.)$/ },
  { name: 'Kauṣītaki Upaniṣad', forms: /^(?:कौ\.उ\.|kau[sṣ][iī]tak[iī](?:upani[sṣ]h?ad)?)$/ },
  { name: 'Māṇḍūkya Upaniṣad', forms: /^(?:मा\.उ\.|मा\.का\.|man\.u\.?,?|m[aā][nṇ][dḍ][uū]kya(?:upani[sṣ]h?ad)?)$/ },
  { name: 'Īśa Upaniṣad', forms: /^(?:ई\.उ\.|ईशा\.|[iī][sś]a(?:upani[sṣ]h?ad)?)$/ },
  { name: 'Mahā Upaniṣad', forms: /^(?:महो\.|mah[aā]upani[sṣ]ad)$/ },
  { name: 'Nṛsiṁha-pūrvatāpanī Upaniṣad', forms: /^(?:नृ\.पू\.(?:उ\.)?)$/ },
  { name: 'Gopāla-tāpanī Upaniṣad', forms: /^gop[aā]la-?t[aā]pan[iī]upani[sṣ]ad$/ },
  { name: 'Brahma-sūtra', forms: /^(?:ब्र\.सू\.?|ब्रू\.सू\.|ब्रह्मसूत्र|b\.s\.?,?|br\.s(?:u\.)?,?|br\.su\.?,?|accordingtob\.s\.|brahma-?s[uū]tras?|ved[aā]nta-?s[uū]tras?)$/ },
  { name: 'Mahābhārata', forms: /^(?:म\.भा\.(?:[^.]{1,6}\.){0,3}|महा\.(?:[^.]{1,9}\.?){0,2}|महाभा\.?|महाभारत(?:,[^,.]{1,9}\.?)?|शान्तिपर्व|आश्वमेधिक\.|मा\.भा\.|ma\.bha?\.(?:[a-z]{1,6}\.,?){0,2},?|mbh\.?(?:[a-z]{1,6}\.?){0,2}|cf\.mbh\.[a-z]+\.|m\.b\.?,?|mah[aā]bh[aā]rata(?:\??,?(?:vana|santi|[sś][aā]nti|sabha|[aā]di|udyoga|anu[sś][aā]sana)-?(?:parva)?\??)?|[sś][aā]nti-?parva)$/ },
  { name: 'Bhāgavata Purāṇa', forms: /^(?:भाग\.?|श्रीमद्भा\.?|श्रीमद्भागवत|(?:श्री)?भागवत(?:े|म्|ात्|स्य|ेन|ेऽपि|ेनैव|वाक्यात्|पद्ये)?|bh[aā]g\.?|(?:[sś]r[iī]mad-?)?bh[aā]gavatam?)$/u },
  { name: 'Viṣṇu Purāṇa', forms: /^(?:वि\.पु\.?|विष्णुपुराण|विष्णुपु?\.|v\.p\.?,?|vi[sṣ][nṇ]upur[aā][nṇ]a)$/ },
  { name: 'Manusmṛti', forms: /^(?:मनुः?\.?|मनुस्मृति|manu\.?,?|ma\.?sm\.?)$/ },
  { name: 'Aṣṭādhyāyī', forms: /^(?:अष्टा\.)$/ },
  { name: 'Amarakośa', forms: /^(?:अमरः)$/ },
  { name: 'Ṛg Veda', forms: /^(?:ऋक्सं\.?|ऋक्स\.|ऋक्\.?|ऋग्वे\.|ऋ\.सं\.|rg\.?(?:s\.)?,?(?:pu\.su\.|na\.su\.)?|rv\.?(?:[ivx]+\.)?|rigveda|[rṛ]gveda)$/ },
  { name: 'Yajur Veda', forms: /^(?:यजुः|यजुःसं\.|य\.सं\.|यजुस्सं\.|यजुर्वे\.|यजुर्वेद|yaj\.?,?)$/ },
  { name: 'Śatapatha Brāhmaṇa', forms: /^(?:श\.ब्रा\.|श\.प\.ब्रा\.|शत\.ब्रा\.|श\.प\.|sa\.br\.|sa\.bra\.,?|sata\.br\.,?)$/ },
  { name: 'Rāmcaritmānas', forms: /^(?:मानस)$/ },
  { name: 'Vālmīki Rāmāyaṇa', forms: /^(?:वा\.रा\.|वाल्मीकिरामायण(?:उत्तर\.?)?)$/ },
  { name: 'Adhyātma Rāmāyaṇa', forms: /^अध्यात्म[.०]?(?:उत्तर[.०]?)?$/ },
  { name: 'Padma Purāṇa', forms: /^पद्मपुराण(?:सृष्टि\.)?$/ },
  { name: 'Vāyu Purāṇa', forms: /^(?:वायुपुराण|वा\.पु\.)$/ },
  { name: 'Śiva Purāṇa', forms: /^शिवपुराण,?(?:धर्म\.)?$/ },
  { name: 'Garga Saṁhitā', forms: /^गर्गसंहिता(?:अश्वमेध\.)?$/ },
  { name: 'Harivaṁśa', forms: /^(?:हरिवंश\.?|ह\.वं\.(?:वि\.प\.)?)$/ },
  { name: 'Vinaya-patrikā', forms: /^विनयपत्रिका$/ },
  { name: 'Abhijñāna-śākuntalam', forms: /^अभिज्ञानशाकुन्तलम्$/ },
  { name: 'Raghuvaṁśa', forms: /^रघुवंश$/ },
  { name: 'Maitrāyaṇī Upaniṣad', forms: /^मैत्र्यु\.$/ },
  { name: 'Pūrva-mīmāṁsā-sūtra', forms: /^पू\.मी\.$/ },
  { name: 'Gautama Dharma-sūtra', forms: /^(?:गौ\.ध\.|गौ\.स्मृ?\.|gau\.sm\.)$/ },
  { name: 'Āpastamba Śrauta-sūtra', forms: /^(?:आप\.श्रौ\.|आ\.श्रौ\.|आप\.श्रो\.)$/ },
  { name: 'Yoga-sūtra', forms: /^(?:योगदर्शन|पातञ्जलयोगदर्शन|पा\.यो\.|p\.y\.su\.|yoga-?s[uū]tras?)$/ },
  { name: 'Brahma-saṁhitā', forms: /^brahma-?sa[mṁ]hit[aā]$/ },
  { name: 'Dhātupāṭha', forms: /^(?:धा\.पा\.)$/ },
  { name: 'Āpastamba Dharma-sūtra', forms: /^(?:आप\.ध\.|आ\.ध\.(?:सू\.)?|ap\.dh\.su\.)$/ },
  { name: 'Yājñavalkya Smṛti', forms: /^(?:या\.स्मृ\.)$/ },
  { name: 'Bhakti-rasāmṛta-sindhu', forms: /^bhakti-?ras[aā]m[rṛ]ta-?sindhu,?$/ },
  { name: 'Caitanya-caritāmṛta', forms: /^(?:caitanya-?carit[aā]m[rṛ]ta,?(?:madhya|[aā]di|antya)?|madhya|[aā]di|antya)$/ },
  { name: 'Hari-bhakti-vilāsa', forms: /^hari-?bhakti-?vil[aā]sa$/ },
];

/** The name every citation of the Gita itself is known by (a label naming it makes a Gita citation, not another work). */
export const GITA = 'Bhagavad-gītā';

/** A label as the table reads it: NFC, a Devanagari abbreviation's "0" as ".", spaces dropped, lower case. */
export function foldLabel(label: string): string {
  return label
    .normalize('NFC')
    .replace(/([\u0900-\u097F])0/g, '$1.')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** The canonical name of the work a label names, or null when the table names none. */
export function workName(label: string): string | null {
  const folded = foldLabel(label);
  if (!folded) return null;
  for (const w of WORKS) if (w.forms.test(folded)) return w.name;
  return null;
}

/** A work's name in a path (/works/{work}): its letters without diacritics, lower case (folded as a lemma's name is), words joined by "-" ("Chāndogya Upaniṣad" is chandogya-upanisad). */
export function workSlug(name: string): string {
  return foldLemma(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Every named work, in the table's order (the Gita apart). */
export const WORK_NAMES: readonly string[] = WORKS.map((w) => w.name).filter((n) => n !== GITA);
