/**
 * Card and tile codes as the engine writes them (ENGINE_API.md "Notation"), read for display:
 * parsing, sorting, hand values and the few meld shapes the table needs to ask the player
 * about (which tile a joker stands for). The engine stays the judge of every rule; nothing
 * here decides whether a move is legal.
 */

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';
export const COLOURS = 'RKBY';
export const JOKER = 'JK';

/** "TH" → {kind:'card', rank:10, suit:'H'}; "R7" → {kind:'tile', number:7, colour:'R'};
 *  "JK" / "JK=R8" → {kind:'joker', as: null | parsed tile}. Unknown codes → {kind:'unknown'}. */
export function parseCode(code) {
  if (typeof code !== 'string') return { kind: 'unknown', code };
  if (code === JOKER || code.startsWith(JOKER + '=')) {
    const meaning = code.length > 3 ? parseCode(code.slice(3)) : null;
    return { kind: 'joker', code, as: meaning && meaning.kind === 'tile' ? meaning : null };
  }
  if (code.length === 2 && RANKS.includes(code[0]) && SUITS.includes(code[1])) {
    return { kind: 'card', code, rank: RANKS.indexOf(code[0]) + 1, suit: code[1] };
  }
  const m = /^([RKBY])(\d{1,2})$/.exec(code);
  if (m && +m[2] >= 1 && +m[2] <= 13) return { kind: 'tile', code, colour: m[1], number: +m[2] };
  return { kind: 'unknown', code };
}

export const isJoker = (code) => typeof code === 'string' && code.startsWith(JOKER);
/** The physical piece: "JK=R8" → "JK". */
export const baseCode = (code) => (isJoker(code) ? JOKER : code);

/** Points a card or tile counts when left in a hand (RULES.md §1 Scoring, §3 Values). */
export function handValue(code, { aceHigh = false } = {}) {
  const p = parseCode(code);
  if (p.kind === 'card') return p.rank === 1 ? (aceHigh ? 15 : 1) : Math.min(p.rank, 10);
  if (p.kind === 'tile') return p.number;
  if (p.kind === 'joker') return 101;
  return 0;
}

/** Sort keys: by rank (then suit) or by suit (then rank); tiles by number or colour. */
export function sortKey(code, by) {
  const p = parseCode(code);
  if (p.kind === 'card') {
    const s = SUITS.indexOf(p.suit);
    return by === 'suit' ? s * 100 + p.rank : p.rank * 10 + s;
  }
  if (p.kind === 'tile') {
    const c = COLOURS.indexOf(p.colour);
    return by === 'suit' ? c * 100 + p.number : p.number * 10 + c;
  }
  return 10000; // jokers last
}

/** Codes in sort order, as `sortKey` orders a hand (the order is stable: equal keys keep theirs). */
export const sortCodes = (codes, by) => [...codes].sort((a, b) => sortKey(a, by) - sortKey(b, by));

/**
 * Every reading of a rummy101 meld that has jokers: a list of {kind, codes} where codes pin
 * each joker ("JK=R8"), highest value first. Only runs and sets are read (pairs have one
 * meaning). Used to ask the player when a joker's meaning is ambiguous (RULES.md §3 joker swap).
 */
export function jokerReadings(codes) {
  const parsed = codes.map(parseCode);
  const jokers = parsed.filter((p) => p.kind === 'joker').length;
  const tiles = parsed.filter((p) => p.kind === 'tile');
  if (!jokers || tiles.length + jokers !== codes.length || codes.length < 3) return [];
  const readings = [];
  const n = codes.length;
  // Runs: one colour, distinct numbers, a window of n consecutive numbers in 1..13.
  const colours = new Set(tiles.map((t) => t.colour));
  const numbers = tiles.map((t) => t.number);
  if (colours.size <= 1 && new Set(numbers).size === numbers.length) {
    const colour = tiles.length ? tiles[0].colour : null;
    if (colour) {
      for (let start = 1; start + n - 1 <= 13; start++) {
        const window = Array.from({ length: n }, (_, i) => start + i);
        if (!numbers.every((x) => window.includes(x))) continue;
        const missing = window.filter((x) => !numbers.includes(x));
        const value = window.reduce((a, b) => a + b, 0);
        readings.push({
          kind: 'run',
          value,
          codes: [...tiles.map((t) => t.code), ...missing.map((x) => `${JOKER}=${colour}${x}`)],
          meanings: missing.map((x) => `${colour}${x}`),
        });
      }
    }
  }
  // Sets: one number, distinct colours, at most 4 tiles. Which missing colour a joker takes
  // does not change the set's value, so one reading is enough.
  const setNumbers = new Set(numbers);
  if (setNumbers.size === 1 && n <= 4 && colours.size === tiles.length) {
    const number = numbers[0];
    const free = [...COLOURS].filter((c) => !colours.has(c)).slice(0, jokers);
    readings.push({
      kind: 'set',
      value: number * n,
      codes: [...tiles.map((t) => t.code), ...free.map((c) => `${JOKER}=${c}${number}`)],
      meanings: free.map((c) => `${c}${number}`),
    });
  }
  readings.sort((a, b) => b.value - a.value);
  return readings;
}
