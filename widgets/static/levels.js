// Each rule's level worked out in the page from the evidence this browser keeps (mastery.js),
// so the record need not go to any kernel: the FSRS-6 scheduler of the `fsrs` package (6.3.2:
// its default parameters, learning steps 1 and 10 minutes, a relearning step of 10 minutes,
// desired retention 0.9, no fuzz) for the sequence of right (Good) and missed (Again) reviews,
// and the level rules of widgets/parts/mastery.py, which stays the reference: a test runs this
// module under Node beside it on many sequences (tests/widgets/test_levels_js.py).
// Times are epoch milliseconds (the record's `at`).

const W = [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
  1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542];
const DECAY = -W[20];
const FACTOR = 0.9 ** (1 / DECAY) - 1;
const RETENTION = 0.9;
const MAXIMUM_INTERVAL = 36500;
const MINUTE = 60000;
const DAY = 86400000;
const LEARNING_STEPS = [1 * MINUTE, 10 * MINUTE];
const RELEARNING_STEPS = [10 * MINUTE];
const STABILITY_MIN = 0.001;
const AGAIN = 1;
const GOOD = 3;

const LEVELS = ["not-seen", "seen", "practised", "known", "due"];
const MOST_EVIDENCE = 5000; // as mastery.py MOST_EVIDENCE
const SKEW = 3600000; // as mastery.py SKEW (an hour)
const SOURCES = ["try", "ask", "drill", "play", "hint"];

// Python's round(): halves to the even neighbour
function roundEven(x) {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}
const clampD = (d) => Math.min(Math.max(d, 1), 10);
const clampS = (s) => Math.max(s, STABILITY_MIN);
// whole days between two times, as Python's timedelta.days (floored)
const days = (later, earlier) => Math.floor((later - earlier) / DAY);

const initialStability = (rating) => clampS(W[rating - 1]);
const initialDifficulty = (rating, clamp) => {
  const d = W[4] - Math.E ** (W[5] * (rating - 1)) + 1;
  return clamp ? clampD(d) : d;
};
function nextInterval(stability) {
  const found = roundEven((stability / FACTOR) * (RETENTION ** (1 / DECAY) - 1));
  return Math.min(Math.max(found, 1), MAXIMUM_INTERVAL);
}
function shortTermStability(stability, rating) {
  let increase = Math.E ** (W[17] * (rating - 3 + W[18])) * stability ** -W[19];
  if (rating !== AGAIN) increase = Math.max(increase, 1.0);
  return clampS(stability * increase);
}
function nextDifficulty(difficulty, rating) {
  const delta = -(W[6] * (rating - 3));
  const damped = difficulty + (10.0 - difficulty) * delta / 9.0;
  return clampD(W[7] * initialDifficulty(4, false) + (1 - W[7]) * damped);
}
function nextStability(difficulty, stability, recall, rating) {
  let found;
  if (rating === AGAIN) {
    const long = W[11] * difficulty ** -W[12] * ((stability + 1) ** W[13] - 1) * Math.E ** ((1 - recall) * W[14]);
    const short = stability / Math.E ** (W[17] * W[18]);
    found = Math.min(long, short);
  } else {
    found = stability * (1 + Math.E ** W[8] * (11 - difficulty) * stability ** -W[9] * (Math.E ** ((1 - recall) * W[10]) - 1));
  }
  return clampS(found);
}

// The predicted chance of recall of a card at `now` (0: never reviewed).
function recallOf(card, now) {
  if (card.lastReview == null || card.stability == null) return 0;
  return (1 + FACTOR * Math.max(0, days(now, card.lastReview)) / card.stability) ** DECAY;
}

// A new card: learning, step 0, never reviewed.
const newCard = () => ({ state: "learning", step: 0, stability: null, difficulty: null, due: null, lastReview: null });

// The card after one review (right: Good, else Again) at `at`, as fsrs's Scheduler.review_card.
function review(card, right, at) {
  const rating = right ? GOOD : AGAIN;
  const c = { ...card };
  const since = c.lastReview != null ? days(at, c.lastReview) : null;
  let interval;
  const toReview = () => { c.state = "review"; c.step = null; return nextInterval(c.stability) * DAY; };
  if (c.state === "learning" || c.state === "relearning") {
    const steps = c.state === "learning" ? LEARNING_STEPS : RELEARNING_STEPS;
    if (c.state === "learning" && (c.stability == null || c.difficulty == null)) {
      c.stability = initialStability(rating);
      c.difficulty = initialDifficulty(rating, true);
    } else if (since != null && since < 1) {
      c.stability = shortTermStability(c.stability, rating);
      c.difficulty = nextDifficulty(c.difficulty, rating);
    } else {
      c.stability = nextStability(c.difficulty, c.stability, recallOf(c, at), rating);
      c.difficulty = nextDifficulty(c.difficulty, rating);
    }
    if (steps.length === 0 || (c.step >= steps.length && rating !== AGAIN)) interval = toReview();
    else if (rating === AGAIN) { c.step = 0; interval = steps[0]; }
    else if (c.step + 1 === steps.length) interval = toReview();
    else { c.step += 1; interval = steps[c.step]; }
  } else {
    if (since != null && since < 1) c.stability = shortTermStability(c.stability, rating);
    else c.stability = nextStability(c.difficulty, c.stability, recallOf(c, at), rating);
    c.difficulty = nextDifficulty(c.difficulty, rating);
    if (rating === AGAIN) { c.state = "relearning"; c.step = 0; interval = RELEARNING_STEPS[0]; }
    else interval = nextInterval(c.stability) * DAY;
  }
  c.due = at + interval;
  c.lastReview = at;
  return c;
}

// A time as the record writes it (epoch ms; or an ISO text), null when unreadable.
function when(value) {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 && value < 1e14 ? value : null;
  if (typeof value === "string" && value.length <= 40) {
    const iso = /(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : value + "Z";
    const found = Date.parse(iso);
    return Number.isFinite(found) ? found : null;
  }
  return null;
}

// The evidence of a record as mastery.js keeps it, oldest first, as mastery.py read_record:
// entries that cannot be read left out, and rules not in `rules` when given; the newest
// MOST_EVIDENCE only.
export function readRecord(data, rules = null) {
  const known = rules ? new Set(rules) : null;
  const found = [];
  for (const item of Array.isArray(data) ? data.slice(-MOST_EVIDENCE) : []) {
    if (!item || typeof item !== "object" || Array.isArray(item)) continue;
    const at = when(item.at);
    if (typeof item.rule !== "string" || !(item.rule.length > 0 && item.rule.length <= 100) || typeof item.right !== "boolean") continue;
    if (at == null || (known && !known.has(item.rule))) continue;
    found.push({ rule: item.rule, right: item.right, at, from: SOURCES.includes(item.from) ? item.from : "" });
  }
  return found.sort((a, b) => a.at - b.at);
}

// The level of a card with the rule's last evidence at `now` (mastery.py level_of).
function levelOf(card, lastRight, now) {
  if (!lastRight) return "seen";
  if (card.state === "review") return card.due <= now ? "due" : "known";
  return "practised";
}

// Every rule the evidence names, its state at `now` (mastery.py states): {rule: {rule, level,
// due (ms), days, right, missed, recall}}. Evidence up to SKEW after `now` counts as made now;
// later evidence is not counted.
export function states(evidence, now) {
  const cards = {}, counts = {}, last = {};
  for (const item of [...evidence].sort((a, b) => a.at - b.at)) {
    if (item.at > now + SKEW) continue;
    cards[item.rule] = review(cards[item.rule] || newCard(), item.right, Math.min(item.at, now));
    (counts[item.rule] ||= [0, 0])[item.right ? 0 : 1] += 1;
    last[item.rule] = item.right;
  }
  const found = {};
  for (const [rule, card] of Object.entries(cards)) {
    found[rule] = { rule, level: levelOf(card, last[rule], now), due: card.due,
      days: Math.max(0, Math.ceil((card.due - now) / DAY)), right: counts[rule][0],
      missed: counts[rule][1], recall: recallOf(card, now) };
  }
  return found;
}

// A rule's state, not seen when the evidence never names it.
export const stateOf = (found, rule) => found[rule] || { rule, level: "not-seen", due: null, days: null, right: 0, missed: 0, recall: 0 };

const URGENCY = { due: 0, seen: 1, practised: 2, "not-seen": 3, known: 4 };

// `rules` in the order practice takes them (mastery.py practice_order): due, then the weakest
// (by level, then the chance of recall, lowest first), the rest in the order given.
export function practiceOrder(rules, found) {
  const place = new Map(rules.map((rule, i) => [rule, i]));
  const key = (r) => [URGENCY[stateOf(found, r).level], stateOf(found, r).recall, place.get(r)];
  return [...rules].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
}

// How many of `rules` stand at each level, and `total` (mastery.py tally).
export function tally(rules, found) {
  const counted = Object.fromEntries(LEVELS.map((level) => [level, 0]));
  for (const rule of rules) counted[stateOf(found, rule).level] += 1;
  return { ...counted, total: rules.length };
}

// What a practice session changed (mastery.py changes): each rule whose level or due time
// differs, its state after and its level before (`was`), by rule id.
export function changes(before, after) {
  return Object.keys(after).sort().flatMap((rule) => {
    const old = stateOf(before, rule), state = after[rule];
    return old.level !== state.level || old.due !== state.due ? [{ ...state, was: old.level }] : [];
  });
}

// A rule's level in words (mastery.py level_label) from the kernel's words (mastery.py
// level_words): a known rule with the days until it is due.
export function levelLabel(state, words) {
  if (state.level === "known" && state.days != null) {
    return state.days === 1 ? words.known_one : words.known_many.replace(words.many, String(state.days));
  }
  return (words.levels || {})[state.level] || state.level;
}
