/**
 * How closely the name a bank or wallet holds for an account matches the applicant's (issue 28,
 * decision 133): 0 (nothing in common) to 100 (the same name). Both are normalised — case,
 * accents, punctuation, spaces, honorifics and kinship particles (Mr, Smt, Shri, Bapak, Ibu, bin,
 * binti, S/O …) — into words, each word of one name paired with at most one of the other (the
 * pairing of the largest sum): the same word counts 1, an initial against a word it starts 0.8, a word that starts
 * the other (at least 4 letters) 0.75, a near spelling its edit similarity when at least 0.6. The score is the
 * pairs' sum over the mean word count (Dice's coefficient over words), so word order does not
 * matter and a middle name or an initial one side lacks costs a little, not everything.
 */

/** At or above this score the account is taken as the applicant's (decision 133). */
export const NAME_MATCH_THRESHOLD = 70;

/** Honorifics and kinship particles of Indian and Indonesian names: they say nothing of who holds the account. */
const IGNORED_WORDS: ReadonlySet<string> = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'shri',
  'sri',
  'shree',
  'smt',
  'shrimati',
  'kumari',
  'km',
  'kum',
  'bapak',
  'bpk',
  'pak',
  'ibu',
  'bu',
  'sdr',
  'sdri',
  'saudara',
  'saudari',
  'tn',
  'tuan',
  'ny',
  'nyonya',
  'nn',
  'nona',
  'h',
  'hj',
  'haji',
  'hajjah',
  'ir',
  'drs',
  'dra',
  'bin',
  'binti',
  'so',
  'do',
  'wo',
  'co',
]);

/** The words of a name: accents dropped, lower case, anything but letters a separator, honorifics and particles left out. */
export const nameWords = (name: string): string[] => {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // "S/O", "D/O": the particle is written with a slash; join it before splitting
    .replace(/\b([sdwc])\s*\/\s*o\b/g, '$1o')
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 0);
  // a name of nothing but such words ("Ibu Ir") has no words: it matches nothing
  return words.filter((word) => !isIgnoredWord(word));
};

/** An honorific or kinship particle, left out of a name's words. */
export const isIgnoredWord = (word: string): boolean => IGNORED_WORDS.has(word);

const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
};

/** How alike two words are, 0–1. */
export const wordSimilarity = (a: string, b: string): number => {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) {
    const [initial, word] = a.length === 1 ? [a, b] : [b, a];
    return word.length > 1 && word.startsWith(initial) ? 0.8 : 0;
  }
  const ratio = 1 - editDistance(a, b) / Math.max(a.length, b.length);
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const prefix = shorter.length >= 4 && longer.startsWith(shorter) ? 0.75 : 0;
  const best = Math.max(ratio, prefix);
  return best >= 0.6 ? best : 0;
};

/** Past this many words a side, pairs are chosen best first instead of every pairing tried. */
const EXACT_PAIRING_MAX_WORDS = 8;

/**
 * The largest sum of word similarities over pairings of the two names' words (each word in at most
 * one pair): every pairing tried (a bit mask of the right side's words taken), so the score does not
 * depend on word order; best pairs first for names of more words than anyone has.
 */
const bestPairing = (left: readonly string[], right: readonly string[]): number => {
  const similarity = left.map((a) => right.map((b) => wordSimilarity(a, b)));
  if (left.length > EXACT_PAIRING_MAX_WORDS || right.length > EXACT_PAIRING_MAX_WORDS) {
    const pairs = similarity.flatMap((row, i) => row.map((value, j) => ({ i, j, value }))).filter((pair) => pair.value > 0);
    pairs.sort((x, y) => y.value - x.value);
    const usedLeft = new Set<number>();
    const usedRight = new Set<number>();
    let sum = 0;
    for (const { i, j, value } of pairs) {
      if (usedLeft.has(i) || usedRight.has(j)) continue;
      usedLeft.add(i);
      usedRight.add(j);
      sum += value;
    }
    return sum;
  }
  const memo = new Map<number, number>();
  const best = (i: number, taken: number): number => {
    if (i === left.length) return 0;
    const key = i * 1024 + taken;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result = best(i + 1, taken);
    for (let j = 0; j < right.length; j++) {
      const value = similarity[i]![j]!;
      if (value > 0 && (taken & (1 << j)) === 0) result = Math.max(result, value + best(i + 1, taken | (1 << j)));
    }
    memo.set(key, result);
    return result;
  };
  return best(0, 0);
};

/** Whether `word` is every one of `words` written together, in some order. */
const runTogether = (word: string, words: readonly string[]): boolean => {
  if (words.length === 0) return word === '';
  return words.some(
    (part, index) =>
      word.startsWith(part) &&
      runTogether(
        word.slice(part.length),
        words.filter((_, other) => other !== index),
      ),
  );
};

/** The score of two names, 0–100 (see the file's comment). */
export const nameMatchScore = (applicant: string, registered: string): number => {
  const left = nameWords(applicant);
  const right = nameWords(registered);
  if (left.length === 0 || right.length === 0) return 0;
  // a name written as one word on one side ("MEERAIYER", "IYERMEERA") is the other's words run together, in any order
  if (left.length === 1 && right.length > 1 && right.length <= 6 && runTogether(left[0]!, right)) return 100;
  if (right.length === 1 && left.length > 1 && left.length <= 6 && runTogether(right[0]!, left)) return 100;
  const matched = bestPairing(left, right);
  return Math.round((100 * 2 * matched) / (left.length + right.length));
};

/** Whether the registered name is taken as the applicant's. */
export const namesMatch = (score: number): boolean => score >= NAME_MATCH_THRESHOLD;
