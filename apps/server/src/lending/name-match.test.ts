import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIgnoredWord, NAME_MATCH_THRESHOLD, nameMatchScore, namesMatch, nameWords, wordSimilarity } from './name-match.js';

const RUNS = { numRuns: 1000 };
// words of a name, never an honorific or particle alone (those are left out of every name)
const word = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 2, maxLength: 10 })
  .filter((typed) => !isIgnoredWord(typed));
const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));

describe('the name match of a disbursal account (decision 133)', () => {
  it('normalises case, accents, punctuation, spaces, honorifics and kinship particles', () => {
    expect(nameWords('  Smt.  MEERA   iyer ')).toEqual(['meera', 'iyer']);
    expect(nameWords('Ibu Siti Rahma binti Ahmad')).toEqual(['siti', 'rahma', 'ahmad']);
    expect(nameWords('Ravi Kumar S/O Suresh')).toEqual(['ravi', 'kumar', 'suresh']);
    expect(nameWords('José Müller')).toEqual(['jose', 'muller']);
    expect(nameWords('Ibu')).toEqual([]);
    expect(nameMatchScore('Ibu', 'IBU')).toBe(0);
  });

  it('scores the same person written differently at or above the threshold', () => {
    const same: [string, string][] = [
      ['Meera Iyer', 'MEERA IYER'],
      ['Meera Iyer', 'IYER MEERA'],
      ['Meera Iyer', 'MRS MEERA S IYER'],
      ['Meera Iyer', 'M IYER'],
      ['Meera Iyer', 'MEERAIYER'],
      ['Meera Iyer', 'IYERMEERA'],
      ['Siti Rahma', 'SITI RAHMA BINTI AHMAD'],
      ['Siti Rahma', 'SITI RAHMAWATI'],
      ['Muhammad Rizky', 'MUHAMAD RIZKY'],
    ];
    for (const [applicant, registered] of same) {
      expect(nameMatchScore(applicant, registered), `${applicant} / ${registered}`).toBeGreaterThanOrEqual(NAME_MATCH_THRESHOLD);
    }
    expect(nameMatchScore('Meera Iyer', 'MEERA IYER')).toBe(100);
  });

  it('scores another person below the threshold', () => {
    const other: [string, string][] = [
      ['Meera Iyer', 'SANDBOX OTHER PERSON'],
      ['Meera Iyer', 'RAHUL IYER'],
      ['Siti Rahma', 'BUDI SANTOSO'],
      ['Siti Rahma', 'SITI NURHALIZA'],
      ['Anil Kumar', 'SUNIL KUMAR SHARMA'],
    ];
    for (const [applicant, registered] of other) {
      expect(nameMatchScore(applicant, registered), `${applicant} / ${registered}`).toBeLessThan(NAME_MATCH_THRESHOLD);
      expect(namesMatch(nameMatchScore(applicant, registered))).toBe(false);
    }
    expect(nameMatchScore('Meera Iyer', 'SANDBOX OTHER PERSON')).toBe(0);
    expect(nameMatchScore('', 'MEERA')).toBe(0);
  });

  it('pairs an initial with a word it starts, never with another', () => {
    expect(wordSimilarity('m', 'meera')).toBe(0.8);
    expect(wordSimilarity('s', 'meera')).toBe(0);
  });

  it('is between 0 and 100, symmetric and blind to word order (property)', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        const score = nameMatchScore(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(nameMatchScore(b, a)).toBe(score);
        expect(nameMatchScore(a.split(' ').reverse().join(' '), b)).toBe(score);
        expect(nameMatchScore(a, b.split(' ').reverse().join(' '))).toBe(score);
      }),
      RUNS,
    );
  });

  it('gives 100 to a name against its words run together in any order (property)', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 4 }), (words) => {
        expect(nameMatchScore(words.join(' '), [...words].reverse().join('').toUpperCase())).toBe(100);
      }),
      RUNS,
    );
  });

  it('gives 100 to a name against itself however it is cased, spaced or titled (property)', () => {
    fc.assert(
      fc.property(name, fc.constantFrom('', 'Mr ', 'Smt. ', 'Bapak '), (a, title) => {
        expect(nameMatchScore(a, `${title}  ${a.toUpperCase()} `)).toBe(100);
      }),
      RUNS,
    );
  });

  it('gives 0 to names with no letter in common (property)', () => {
    const vowelless = fc.string({ unit: fc.constantFrom(...'bcdfg'), minLength: 2, maxLength: 8 });
    const others = fc.string({ unit: fc.constantFrom(...'klmnp'), minLength: 2, maxLength: 8 });
    fc.assert(
      fc.property(vowelless, others, (a, b) => {
        expect(nameMatchScore(a, b)).toBe(0);
      }),
      RUNS,
    );
  });
});
