// The sense a root has in the Gita, where its spelling stands more than once
// in the dhātupāṭha and the present stem of its forms does not decide: read
// by hand from the Gita's forms and the dhātupāṭha's meanings, each with the
// forms and the reason. Keyed by the root's citation form (gai, not the gā
// it is used as; all its lemmas, a causative too)
// or by `root#lemmaId` (one DCS lemma, first). Left out on purpose: roots
// whose candidate entries mean the same (sad 01/06, cal 01/01/06, jval 01/01,
// ṛdh 04/05, yam 01.1031/01.1139): no sense tells them apart, they stay
// ambiguous; and roots whose sense the Gita leaves open (yuj: yoge or
// samādhau; budh; smṛ; tṛp).

export interface SenseChoice {
  code: string;
  why: string;
}

export const SENSES: Record<string, SenseChoice> = {
  // One lemma's, where its letters split two ways: a root's own sense never chooses between splits (roots.ts).
  'i#164500': { code: '02.0040', why: 'vīta (2.56, 4.10, 8.11 vītarāga...: "rid of passion") is vi + ita, "gone away", vi + i joined by 6.1.101 (Śaṅkara on 2.56: vītāḥ vigatāḥ), not the root vī "go, approach"' },
  'ās#160725': { code: '02.0011', why: 'upāsate (9.14, 12.2, 13.25) "worship, sit near": upa + ās, āsa upaveśane, whose middle endings it has (āste, āsate); not as "be", which takes none (asti, santi)' },
  'ās#162313': { code: '02.0011', why: 'paryupāsate (9.22, 12.1, 12.20) "worship": pari + upa + ās, āsa upaveśane, whose middle endings it has; not as "be"' },
  'yuj#161345': { code: '07.0007', why: 'niyojayasi (3.1 "why do you set me to this terrible deed"): ni + the causative of yujir yoge "join, set to"; not yuja saṃyamane of class 10, "restrain"' },
  'hṛ#160242': { code: '01.1046', why: "uddharet (6.5 uddhared ātmanātmānam, \"lift up\"): ud + hṛ, the h written dh after d (8.4.62 jhayo ho 'nyatarasyām), as in uddharaṇa; not ud + dhṛ \"hold\"" },
  vac: { code: '02.0058', why: 'vac paribhāṣaṇe "speak" (uvāca, vakṣyāmi, procyate); 10.0380 is its curādi double, whose -ay- forms the Gita has not' },
  jñā: { code: '09.0043', why: 'jñā avabodhane "know" (jñātvā, jñeyam, jānāti); not 01.0923 māraṇatoṣaṇaniśāmaneṣu or 10.0258 niyoge' },
  iṣ: { code: '06.0078', why: 'iṣu icchāyām "wish" (icchati, iṣṭa); not 04.0022 gatau or 09.0061 ābhīkṣṇye' },
  muc: { code: '06.0166', why: 'mucḷ mokṣaṇe "release" (mucyate, mokṣyase); 10.0272 pramocane is the curādi double' },
  ji: { code: '01.0642', why: 'ji jaye "conquer" (jitvā, jayema, jigīṣ "wish to conquer"); not 01.1096 abhibhave or 10.0324 bhāṣāyām' },
  jan: { code: '04.0044', why: 'janī prādurbhāve "be born" (jāyate, jāta); 03.0025 janane is the Vedic reduplicated jajanti' },
  bandh: { code: '09.0044', why: 'bandha bandhane "bind" (badhyate, nibadhnāti); not 10.0021 saṃyamane' },
  i: { code: '02.0040', why: 'iṇ gatau "go" (eti, pretya, upaiti); iṅ (adhyayane) and ik (smaraṇe) are used with adhi only' },
  'i#157633': { code: '02.0041', why: 'adhi + iṅ adhyayane "study" (adhyeṣyate, ātmanepada)' },
  hṛ: { code: '01.1046', why: 'hṛñ haraṇe "take, carry" (harati, āhṛ, udāhṛ); not 03.0016 prasahyakaraṇe' },
  śiṣ: { code: '07.0014', why: 'śiṣḷ viśeṣaṇe "distinguish, leave over" (viśiṣyate, avaśiṣyate); not 01.0783 hiṃsāyām or 10.0349' },
  tan: { code: '08.0001', why: 'tanu vistāre "stretch, spread" (tatam, vitan); not 10.0377 śraddhopakaraṇayoḥ' },
  'as#165011': { code: '04.0106', why: 'sam + ni + asu kṣepaṇe "lay down, renounce" (saṃnyasya, saṃnyasta)' },
  'as#164673': { code: '04.0106', why: 'vi + ud + asu kṣepaṇe "throw off" (vyudasya)' },
  hā: { code: '03.0009', why: 'ohāk tyāge "abandon" (jahāti, hitvā, prahā, vihā); not 03.0008 ohāṅ gatau' },
  śam: { code: '04.0098', why: 'śamu upaśame "be calm" (śāmyati, praśānta); not 01.0929 darśane or 10.0218 ālocane' },
  vṛdh: { code: '01.0863', why: 'vṛdhu vṛddhau "grow" (vardhate, vivṛddha); not 10.0313 bhāṣāyām' },
  vṛt: { code: '01.0862', why: 'vṛtu vartane "turn, be" (vartate, pravṛtta, and the causative vartay "set going"); not 04.0055 varaṇe or 10.0312 bhāṣāyām' },
  kḷp: { code: '01.0866', why: 'kṛpū sāmarthye "be fit" (kalpate; kḷp by 8.2.18); not kṛpa kṛpāyām or the curādi kṛpa' },
  pad: { code: '04.0065', why: 'pada gatau "go, fall into" (padyate, prapad, upapad); 10.0440 is its curādi double' },
  āp: { code: '05.0016', why: 'āpḷ vyāptau "reach, obtain" (āpnoti, prāp); not 10.0376 lambhane' },
  bhaj: { code: '01.1153', why: 'bhaja sevāyām "share, worship" (bhajate); not 10.0259 viśrāṇane' },
  sidh: { code: '04.0089', why: 'ṣidhu saṃrāddhau "succeed" (sidhyati, siddha); not the ṣidh of gatyām or śāstre' },
  sah: { code: '01.0988', why: 'ṣaha marṣaṇe "bear" (sahate); not 04.0023 cakyarthe or 10.0341' },
  kṣi: { code: '01.0269', why: 'kṣi kṣaye "waste away" (kṣīṇa); not 05.0033 hiṃsāyām or 06.0143 nivāsagatyoḥ' },
  dhṛ: { code: '01.1047', why: 'dhṛñ dhāraṇe "hold, bear" (dhṛta, dhāray "keep, bear"); not dhṛṅ avabandhane, avasthāne' },
  kṛ: { code: '08.0010', why: 'ḍukṛñ karaṇe "do, make" (karoti, kṛtvā, namaskṛ); not 05.0007 kṛñ hiṃsāyām or the kṝ of the DCS spelling' },
  dhā: { code: '03.0011', why: 'ḍudhāñ dhāraṇapoṣaṇayoḥ "put, place" (dadhāmi, ādhāya, vidhīyate, śraddhā); not dheṭ pāne "suck"' },
  dā: { code: '03.0010', why: 'ḍudāñ dāne "give" (dadāmi, dattam, ā + dā "take"); not the dā of lavane, avakhaṇḍane, śodhane' },
  vṛ: { code: '05.0008', why: 'vṛñ varaṇe "cover" (āvṛta, āvṛṇoti); not 01.1083 saṃvaraṇe (of the dhātupāṭha\'s vṛ "choose") or the vṝ of the DCS spelling' },
  gai: { code: '01.1065', why: 'gai śabde "sing" (gītam); not gāṅ gatau or gā stutau' },
  mṛ: { code: '06.0139', why: 'mṛṅ prāṇatyāge "die" (mriyate, mṛta); not mṝ hiṃsāyām of the DCS spelling' },
  bhū: { code: '01.0001', why: 'bhū sattāyām "be"; its causative bhāvay "make be, foster" (bhāvayata 3.11); not the curādi bhū avakalkane, prāptau' },
  vij: { code: '06.0009', why: 'ovijī bhayacalanayoḥ "tremble, shrink from" (udvijate, ātmanepada); not viji~r pṛthagbhāve' },
  smi: { code: '01.1099', why: 'ṣmiṅ īṣaddhasane "smile" (vismita "amazed", smayamāna); not 10.0058 anādare' },
  rudh: { code: '07.0001', why: 'rudhi~r āvaraṇe "obstruct" (niruddha); not 04.0070 kāme' },
  vas: { code: '01.1160', why: 'vasa nivāse "dwell" (uṣitvā by 6.1.15, nivasiṣyasi); not 02.0013 ācchādane' },
  nad: { code: '01.0056', why: 'ṇada avyakte śabde "sound" (vyanunādayan "making resound", causative); not 10.0309 bhāṣāyām' },
  mārg: { code: '10.0384', why: 'mārga anveṣaṇe "seek" (parimārgitavyam); not 10.0108 saṃskāragatyoḥ' },
  ric: { code: '07.0004', why: 'rici~r virecane "leave, empty" (atiricyate "exceeds"); not 10.0348 viyojanasamparcanayoḥ' },
  śaṃs: { code: '01.0829', why: 'śansu stutau "praise" (praśaṃsasi, śaṃsasi); not śasi icchāyām' },
  lag: { code: '01.0895', why: 'lage saṅge "cling" (vilagna); not 10.0263 āsvādane' },
};
