import { accentFold } from '@brigade/shared';

/**
 * How a worker's SMS reply to an assignation offer is read, in their own words (issue 25): the
 * first word decides, accents, case, punctuation and emoji aside — "Oui merci", "oui je serai là",
 * "Non merci", "non désolé je suis malade", "yes!", "Ok 👍", "o", "N". Anything a person should
 * read is left for the office ("réponse à traiter"): a wrong confirmation sends nobody to a site,
 * a wrong "to handle" costs a click. So, in this order:
 *
 * 1. A question is never an answer: a "?" anywhere ("Oui, c'est où?"), or a question word
 *    ("quand", "combien", "comment", "quel(le)", "when", "where", "what", "how", "which").
 * 2. Greetings and thanks before the answer are skipped: "Bonjour, oui", "Merci, non", "Hi yes".
 *    "Merci" alone answers nothing.
 * 3. The opening decides: a few phrases read whole (longest first), then the first word.
 *    - Phrases that say yes with a "no" or "pas" in them: "pas de problème", "pas de trouble",
 *      "pas de souci", "no problem", "no worries", "not a problem"…; and "je confirme",
 *      "je serai là", "j'y serai", "je suis dispo", "je peux", "I can", "I'll be there", "bien sûr",
 *      "of course", "sounds good", "count me in", "avec plaisir"…
 *    - Phrases that say no: "je peux pas", "je (ne) pourrai pas", "je suis pas dispo", "chu pas
 *      capable", "je serai pas là", "I can't", "I'm not available", "je passe mon tour"…
 *    - Words: yes — oui, ouais, ouaip, ouep, wi, ok, okay, oki, d'accord, dac, correct, parfait,
 *      certain, certainement, absolument, entendu, super, génial, excellent, cool, confirmé,
 *      j'accepte, affirmatif, yes, yeah, yep, yup, yea, ye, sure, absolutely, definitely,
 *      certainly, perfect, great, confirmed; no — non, nan, no, nope, nop, nah, naw, pas ("pas
 *      disponible", "pas cette fois"), not, négatif, jamais, never, désolé(e), sorry,
 *      malheureusement, unfortunately, impossible, indisponible, unavailable, occupé, busy,
 *      can't, cannot, pantoute.
 *    - A single letter (o, y, k / n) answers only when it is the whole reply: "Y a un problème"
 *      is not a yes.
 * 4. A doubt anywhere makes it for a person: "peut-être", "maybe", "mais", "but", "sauf",
 *    "except", "unless", "si" / "if", "seulement" / "only" / "juste", "par contre", "however",
 *    "ça dépend", "pas sûr", "pas certain", "not sure", "je sais pas", "idk", "je vais voir",
 *    "je vous reviens", "let me", "let you know". So "ok mais…" and "oui si je finis à 3 h" wait
 *    for the office.
 * 5. A reply that says both is for a person: a yes followed by a no phrase or word ("Ok, désolé
 *    je peux pas", "Oui et non", "Yes, can't Monday", any n'… or …n't) — the yes phrases read whole
 *    ("Oui, pas de problème" is a yes) — or a no followed by a yes phrase or oui / yes / ok /
 *    d'accord ("Non, je peux la semaine prochaine").
 *
 * Ambiguous on purpose, left for a person: "peut-être", "c'est où?", "ouin" (Québec's hesitant
 * yeah), "c'est correct" and "c'est bon" (both "fine" and "no thanks" in Québec), "merci", a lone
 * emoji (👍 may only mean "read"), iPhone reactions sent as text ("Liked “…”", "A aimé « … »"),
 * "je suis malade" without a no. Decided: "je peux pas" and "pas disponible" decline.
 *
 * Typing slips are forgiven: repeated letters ("Ouiii", "Nn", "Yesss", "okk"), a zero typed for an
 * O in a word ("0ui", "n0n"), curly apostrophes.
 */

export type ReplyAnswer = 'confirmed' | 'declined';

/** Letters repeated in a row count once: "ouiii" is "oui", "nn" is "n", "correct" is "corect". */
const squeeze = (word: string) => word.replace(/(.)\1+/g, '$1');
const words = (list: string[]) => new Set(list.map(squeeze));
const phrases = (list: string[]) => list.map((phrase) => phrase.split(' ').map(squeeze));

const yesWords = words([
  'oui',
  'ouais',
  'ouai',
  'ouaip',
  'ouep',
  'ouip',
  'wi',
  'oiu',
  'ok',
  'okay',
  'okey',
  'oki',
  'okie',
  'okok',
  "d'accord",
  'daccord',
  "d'ac",
  'dac',
  'correct',
  'parfait',
  'certain',
  'certainement',
  'absolument',
  'evidemment',
  'entendu',
  'super',
  'genial',
  'excellent',
  'cool',
  'confirme',
  'confirmee',
  "j'accepte",
  'jaccepte',
  'accepte',
  'affirmatif',
  'yes',
  'yeah',
  'yep',
  'yup',
  'yea',
  'ye',
  'sure',
  'absolutely',
  'definitely',
  'certainly',
  'perfect',
  'great',
  'confirm',
  'confirmed',
  'accepted',
]);

const noWords = words([
  'non',
  'nan',
  'no',
  'nope',
  'nop',
  'nah',
  'naw',
  'pas',
  'not',
  'negatif',
  'negative',
  'jamais',
  'never',
  'desole',
  'desolee',
  'sorry',
  'malheureusement',
  'unfortunately',
  'impossible',
  'indisponible',
  'unavailable',
  'occupe',
  'occupee',
  'busy',
  "can't",
  'cant',
  'cannot',
  'pantoute',
  'nenon',
]);

/** Single letters: an answer only as the whole reply. */
const yesLetters = new Set(['o', 'y', 'k']);
const noLetters = new Set(['n']);

/** Yes phrases, some with a no word in them (read whole, also after the opening). */
const yesPhrases = phrases([
  'pas de probleme',
  'pas de problemes',
  'pas de prob',
  'pas de trouble',
  'pas de souci',
  'pas de soucis',
  'pas de stress',
  'pas de presse',
  'sans probleme',
  'sans faute',
  "n'importe quand",
  'no problem',
  'no problemo',
  'no prob',
  'no probs',
  'no worries',
  'no worry',
  'not a problem',
  'no doubt',
  'je confirme',
  'je serai la',
  "j'serai la",
  "j'y serai",
  'jy serai',
  'je suis dispo',
  'je suis disponible',
  "j'suis dispo",
  'chu dispo',
  'chui dispo',
  'je peux',
  "j'peux",
  'i can',
  "i'll be there",
  'ill be there',
  'i will be there',
  "i'm available",
  'im available',
  'i am available',
  "i'm in",
  'count me in',
  'i accept',
  'bien sur',
  'of course',
  'sounds good',
  'avec plaisir',
  'with pleasure',
]);

/** No phrases (read before the yes ones: "je peux pas" is longer than "je peux"). */
const noPhrases = phrases([
  'je peux pas',
  "j'peux pas",
  'jpeux pas',
  'je ne peux pas',
  'je pourrai pas',
  'je pourrais pas',
  'je ne pourrai pas',
  'je ne pourrais pas',
  'je suis pas dispo',
  'je suis pas disponible',
  'je ne suis pas disponible',
  'je ne suis pas dispo',
  "j'suis pas dispo",
  'chu pas dispo',
  'chui pas dispo',
  'je suis pas capable',
  "j'suis pas capable",
  'chu pas capable',
  'chui pas capable',
  'pas capable',
  'je serai pas la',
  'je ne serai pas la',
  "j'serai pas la",
  'je passe mon tour',
  'je vais passer mon tour',
  'i cant',
  "i can't",
  'i cannot',
  'i can not',
  "i won't",
  'i wont',
  'i will not',
  "i'm not available",
  'im not available',
  'i am not available',
  'not available',
]);

/** Greetings and thanks that may come before the answer. */
const courtesy = words([
  'bonjour',
  'bonsoir',
  'salut',
  'allo',
  'hi',
  'hello',
  'hey',
  'merci',
  'thanks',
  'thx',
  'mrc',
]);
const courtesyPairs = phrases(['thank you', 'good morning', 'bon matin']);

/** Questions asked without a question mark. */
const questionWords = words([
  'quand',
  'combien',
  'comment',
  'pourquoi',
  'quel',
  'quelle',
  'quels',
  'quelles',
  'when',
  'where',
  'what',
  'how',
  'which',
  'why',
]);

/** Words and phrases of doubt, condition or reservation, anywhere in the reply. */
const doubtWords = words([
  'peutetre',
  'maybe',
  'perhaps',
  'probablement',
  'probably',
  'possiblement',
  'possibly',
  'mais',
  'but',
  'sauf',
  'except',
  'excepte',
  'unless',
  'si',
  'if',
  'seulement',
  'only',
  'juste',
  'however',
  'cependant',
  'toutefois',
  'pourtant',
  'depend',
  'depends',
  'unsure',
  'idk',
  'dunno',
  'jsp',
  'chais',
  'reviens',
]);
const doubtPhrases = phrases([
  'peut etre',
  'a moins',
  'par contre',
  'pas sur',
  'pas sure',
  'pas certain',
  'pas certaine',
  'pas encore',
  'not sure',
  'not yet',
  'sais pas',
  'sait pas',
  'vais voir',
  'va voir',
  'let me',
  'let you know',
  'get back',
  'laissez moi',
  'laisse moi',
]);

/** Words that deny, after a yes: a reply that says both is for a person. */
const denyingWords = words([
  'non',
  'no',
  'nope',
  'nah',
  'pas',
  'not',
  'never',
  'jamais',
  'ne',
  'cant',
  'cannot',
  'wont',
  'dont',
  'desole',
  'desolee',
  'sorry',
  'malheureusement',
  'unfortunately',
  'impossible',
  'indisponible',
  'unavailable',
  'malade',
  'sick',
]);
const isDenying = (word: string) =>
  denyingWords.has(word) || word.startsWith("n'") || word.endsWith("n't") || noLetters.has(word);
/** Words that accept, after a no. */
const acceptingWords = words([
  'oui',
  'ouais',
  'yes',
  'yeah',
  'yep',
  'yup',
  'ok',
  'okay',
  "d'accord",
  'daccord',
]);

/**
 * The reply's words: accents, case, punctuation and emoji gone, apostrophes kept inside a word
 * ("d'accord", "can't"), a zero typed for an O read as one ("0ui"), repeated letters once.
 */
function tokens(body: string): string[] {
  const folded = accentFold(body.normalize('NFKC').replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'"))
    .toLowerCase()
    .replace(/œ/g, 'oe');
  return (folded.match(/[a-z0-9]+(?:'[a-z0-9]+)*/g) ?? []).map((word) =>
    squeeze(/[a-z]/.test(word) ? word.replace(/0/g, 'o') : word),
  );
}

/** The length of `phrase` if `list` starts with it at `at`, else 0. */
function phraseAt(list: string[], at: number, phrase: string[]): number {
  return phrase.every((word, index) => list[at + index] === word) ? phrase.length : 0;
}
function longestPhraseAt(list: string[], at: number, candidates: string[][]): number {
  return Math.max(0, ...candidates.map((phrase) => phraseAt(list, at, phrase)));
}
function containsPhrase(list: string[], candidates: string[][]): boolean {
  return list.some((_, at) => longestPhraseAt(list, at, candidates) > 0);
}
/**
 * What the words after the opening say: a yes (a yes phrase, or oui / yes / ok / d'accord) and a
 * no (a no phrase, or a denying word), phrases read whole ("Oui, pas de problème" says no no).
 */
function signalsIn(list: string[]): { yes: boolean; no: boolean } {
  const found = { yes: false, no: false };
  for (let at = 0; at < list.length; ) {
    const no = longestPhraseAt(list, at, noPhrases);
    const yes = longestPhraseAt(list, at, yesPhrases);
    const word = list[at] as string;
    if (no > 0 && no >= yes) [found.no, at] = [true, at + no];
    else if (yes > 0) [found.yes, at] = [true, at + yes];
    else {
      if (acceptingWords.has(word)) found.yes = true;
      if (isDenying(word)) found.no = true;
      at += 1;
    }
  }
  return found;
}

/** How a reply answers an assignation offer; null when a person must read it. */
export function replyAnswer(body: string): ReplyAnswer | null {
  if (/[?¿？]/.test(body)) return null;
  const all = tokens(body);
  if (all.some((word) => questionWords.has(word) || doubtWords.has(word))) return null;
  if (containsPhrase(all, doubtPhrases)) return null;

  let start = 0;
  for (;;) {
    const pair = longestPhraseAt(all, start, courtesyPairs);
    if (pair > 0) start += pair;
    else if (courtesy.has(all[start] as string)) start += 1;
    else break;
  }
  const list = all.slice(start);
  const first = list[0];
  if (first === undefined) return null;

  let answer: ReplyAnswer | null = null;
  let opening = 1;
  const no = longestPhraseAt(list, 0, noPhrases);
  const yes = longestPhraseAt(list, 0, yesPhrases);
  if (no > 0 && no >= yes) [answer, opening] = ['declined', no];
  else if (yes > 0) [answer, opening] = ['confirmed', yes];
  else if (first.length === 1) {
    if (list.length > 1) return null;
    answer = yesLetters.has(first) ? 'confirmed' : noLetters.has(first) ? 'declined' : null;
  } else if (yesWords.has(first)) answer = 'confirmed';
  else if (noWords.has(first)) answer = 'declined';
  if (!answer) return null;

  const rest = signalsIn(list.slice(opening));
  if (answer === 'confirmed' ? rest.no : rest.yes) return null;
  return answer;
}
