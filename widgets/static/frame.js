// The page's frame: the header (the way home, the title, the language menu), the controls bar,
// the message line, the board column and the story column; and fitting the board to the screen
// (a laptop, a projector, a phone: one column under PHONE px, the controls at the thumb).
// The frame's HTML is written once, in Python (widgets/parts/frame.py): the first paint Voila
// serves (widgets/parts/firstpaint.py) is the same frame, filled with a step.
import { keepInAddress, withLang } from "./env.js";
import { bringIntoView, button, el, listen } from "./ui.js";

const PHONE = 640; // px: one column, controls at the bottom (the template's first paint agrees)
const UNDER_MIN = 240; // px of the board's column left empty before the panel moves there
const WORDS_MIN = 12; // px: the smallest word drawn on a board, a phone's narrowed board too
const QUESTION_BOARD_MIN = 0.25; // of a phone's height: the least board a question's box shrinks it to
const TAP_MIN = 44; // px: the least place to tap a try-it step's board is made smaller to on a phone
const NARRATION_START = 48; // px: a phone's narration's first line (and its second's start) above the step bar
const PRESENT_WORDS = 3; // presenting: the sizes a presenter's words step down by (page.css)
const PRESENT_BOARD_MIN = 0.3; // presenting, the words at their smallest: the least board, of the width

// The language menu, written (disabled) in the frame's HTML (widgets/parts/frame.py
// language_html), wired here: ``onLanguage(code)`` when the reader picks one. Where the app owns
// the address, it says the language at once, so a reload, the keep-alive's reload links and
// the page's own links keep it.
function wireLanguages(root, { lang, onLanguage }) {
  const select = root.querySelector("select.tp-lang");
  if (!select) return;
  if (!onLanguage) { select.closest(".tp-lang-pick").remove(); return; }
  select.value = lang;
  select.disabled = false;
  select.addEventListener("change", () => {
    keepInAddress({ lang: select.value });
    select.disabled = true; // until the page comes back in the new language
    onLanguage(select.value);
  });
}

// The frame of a view, drawn from its HTML (``options.frame``: widgets/parts/frame.py writes it
// once, for the first paint and every page, in the page's words), its parts found by class.
// ``options``: frame, title, home (the course page's address), lang and onLanguage (the
// menu), notice (one line: the address asked for a language we lack).
export function frame(options) {
  const { home, lang, notice } = options;
  const template = document.createElement("template");
  template.innerHTML = options.frame;
  const root = template.content.firstElementChild;
  const part = (selector) => root.querySelector(selector);
  const [head, homeLink, noticeLine] = [part(".tp-head"), part(".tp-home"), part(".tp-lang-notice")];
  homeLink.setAttribute("href", withLang(home || "index.ipynb", lang));
  wireLanguages(root, options);
  if (notice) { noticeLine.textContent = notice; noticeLine.hidden = false; }
  if (options.title) part(".tp-title").textContent = options.title;
  return { root, head, home: homeLink, title: part(".tp-title"), game: part(".tp-game"),
           controls: part(".tp-controls"), message: part(".tp-message"), board: part(".tp-board"),
           switches: part(".tp-switches:not(.tp-fold)"), fold: part(".tp-fold"),
           story: part(".tp-story"), main: part(".tp-main"), live: part(".tp-live"),
           // under a wide, low board (Canyon's river), the room the board leaves: the lesson puts
           // the players' panel there instead of below the fold of the story column
           under: part(".tp-under-board"), folded: { at: null, pick: null } };
}

// The frame's options for a view's model (its traits: texts, title, home, lang, notice); the
// language menu sends {type: "lang", lang} to it.
export function frameOf(model) {
  return { texts: model.get("texts"), frame: model.get("frame"), home: model.get("home"), lang: model.get("lang"),
           title: model.get("title"), notice: model.get("notice"),
           onLanguage: (lang) => model.send({ type: "lang", lang }) };
}

// The width / height of the board's picture (its viewBox), 1 when it has none.
export function viewBoxAspect(holder) {
  const svg = holder.querySelector("svg");
  if (!svg) return 1;
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  return box.length === 4 && box[3] > 0 ? box[2] / box[3] : 1;
}

// The narrowest a board may be drawn (px) for its smallest word to stay WORDS_MIN px (0: no
// words). A word's size is its font size in the picture's units, times how much a line
// squeezed to its room (textLength: a longer language's) narrows its letters; what the page
// hides (a folded board's line drawn only when folded) is not counted. Measured once a picture,
// and again when its words change in place.
const wordSizes = new WeakMap();
function wordsWidth(parts) {
  const svg = parts.board.querySelector("svg");
  const box = svg && svg.viewBox.baseVal;
  if (!box || !box.width || !svg.isConnected) return 0; // not drawn yet: nothing to measure
  // measured again when the picture's words change in place (a step's new marks and lines:
  // Trigger's last solo step drew 26-unit words its first step did not have)
  const words = `${svg.hasAttribute("data-folded")}:${svg.textContent.length}`;
  const kept = wordSizes.get(svg);
  if (kept && kept.words === words) return kept.width;
  let least = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    const style = getComputedStyle(text);
    if (style.display === "none" || !text.textContent.trim()) continue;
    let squeeze = 1;
    if (text.hasAttribute("textLength")) {
      const free = text.cloneNode(true);
      free.removeAttribute("textLength");
      free.removeAttribute("lengthAdjust");
      text.parentNode.append(free);
      const natural = free.getComputedTextLength();
      free.remove();
      if (natural > 0) squeeze = Math.min(1, text.textLength.baseVal.value / natural);
    }
    least = Math.min(least, (parseFloat(style.fontSize) || Infinity) * squeeze);
  }
  const width = least === Infinity ? 0 : Math.ceil(WORDS_MIN * box.width / least);
  if (width) wordSizes.set(svg, { words, width });
  return width;
}

// A phone's step bar is fixed at the bottom: the page keeps room for it (its height as drawn,
// in --bar-h: a longer language's words wrap it onto more lines), so that nothing the learner
// reads or touches stays under it at the page's end.
function barRoom(parts) {
  const narrow = parts.root.classList.contains("tp-narrow");
  const height = narrow ? Math.ceil(parts.controls.getBoundingClientRect().height) : 0;
  const wanted = height ? `${height}px` : "";
  if (parts.root.style.getPropertyValue("--bar-h") !== wanted) {
    if (wanted) parts.root.style.setProperty("--bar-h", wanted);
    else parts.root.style.removeProperty("--bar-h");
  }
  if (height || !narrow) scrollRoom(parts, height);
}

// A key's focus (Tab to a text box, a button) scrolls what it reaches above the phone's bar
// too: the boxes that scroll the page (Voila's panel, Lab's, the window) keep the bar's height
// as their scroll padding; none off a phone. A hidden page (height 0) leaves them as they are.
function scrollRoom(parts, height) {
  const room = height ? `${height + 12}px` : "";
  for (let box = parts.root.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((box === document.documentElement || overflow === "auto" || overflow === "scroll")
        && box.style.scrollPaddingBottom !== room) box.style.scrollPaddingBottom = room;
  }
}

// How far the page is scrolled above ``node``: the window and the boxes around it (Voila's page
// scrolls in a box of its own). A box's place plus this is its place on the page unscrolled: the
// fitting reads that, or a learner's Tab (which scrolls) then a refit (a panel opened by keys)
// grew the board and moved the players' panel away from under the focus.
function scrolledAbove(node) {
  let by = window.scrollY;
  for (let box = node.parentElement; box && box !== document.documentElement; box = box.parentElement) by += box.scrollTop;
  return by;
}

// Where the screen ends for the reader: above a phone's step bar (fixed at the bottom), else
// at the window's bottom.
export function screenEnd(parts) {
  if (!parts.root.classList.contains("tp-narrow")) return window.innerHeight;
  const bar = parts.controls.getBoundingClientRect().top;
  return Math.min(window.innerHeight, bar > 0 ? bar : window.innerHeight);
}

// The board's column: as wide as the height left allows for its shape, leaving the story
// column its room; on a phone, the whole width.
export function fitBoard(parts, present) {
  const width = parts.root.clientWidth || window.innerWidth;
  parts.root.classList.toggle("tp-narrow", window.innerWidth <= PHONE || width <= PHONE);
  parts.root.classList.remove("tp-snug"); // as the step's words come, then made to fit
  const windowed = unwindow(parts); // the board whole while it is measured (boardWindow)
  delete parts.root.dataset.presentWords; // (presenting: its large words too)
  placeTally(parts, false); // (presenting with a class: its tally, in the story as it comes)
  foldBoard(parts); // first: a folded board (one of Trigger's two) has its own shape
  barRoom(parts);
  const aspect = viewBoxAspect(parts.board);
  placeControls(parts);
  if (parts.root.classList.contains("tp-narrow")) {
    const rules = rulesOf(parts);
    placeRules(parts, false);
    if (rules) fitRules(rules, 0); // a phone scrolls its one column: every card whole
    // the whole width, unless the board is so tall that the narration would fall below
    // the fold: then at most 58% of the screen's height, centred; and narrower still (to 40%
    // of the height) while what stands between board and narration (the step's title, a
    // refused move, a folded board's switch) would push the narration's start off the screen
    const phoneWidth = (w) => {
      if (w < width) parts.main.style.setProperty("--phone-w", `${w}px`);
      else parts.main.style.removeProperty("--phone-w");
    };
    // never so narrow that a word on the board is under WORDS_MIN px (a long refusal once
    // narrowed Trigger's board until its header line was ~10 px)
    const least = Math.min(width, wordsWidth(parts));
    let shown = Math.max(least, Math.min(width, Math.floor(0.58 * window.innerHeight * aspect)));
    phoneWidth(shown);
    const narration = parts.story.querySelector(".tp-narration");
    if (narration && narration.offsetParent) {
      const fold = screenEnd(parts) - NARRATION_START;
      const over = narration.getBoundingClientRect().top + scrolledAbove(parts.root) - fold;
      if (over > 0) {
        shown = Math.max(least, Math.floor(0.4 * window.innerHeight * aspect), Math.floor(shown - over * aspect));
        phoneWidth(shown);
      }
    }
    placePanel(parts, false, handCards(parts).length > 0);
    pointReadings(parts); // the step's rules named under its title, where the room allows:
    // the narration's start comes first; the board is made smaller for the line only down to
    // the floors above (its words' WORDS_MIN px, 40% of the screen's height): the line wraps,
    // each name whole, and one name more than a line long ("Che cosa può sapere il
    // cacciatore") hid it where 10 px of the board's height gave it room
    // (and a step that asks: its box to answer in, under the narration)
    const line = parts.story.querySelector(".tp-rule-links");
    const asking = [...parts.story.querySelectorAll(".tp-try-box, .tp-ask-box, .tf-task")]
      .some((box) => box.offsetParent !== null);
    const pushed = () => narration.getBoundingClientRect().top + scrolledAbove(parts.root) + NARRATION_START - screenEnd(parts);
    if (line && !line.hidden && !asking && narration && narration.offsetParent && pushed() > 0) {
      const to = Math.floor(shown - pushed() * aspect) - 1;
      if (to < shown && to >= Math.max(least, Math.floor(0.4 * window.innerHeight * aspect))) {
        shown = to;
        phoneWidth(shown);
      }
    }
    if (line && !line.hidden && (asking || (narration && narration.offsetParent && pushed() > 0))) {
      line.hidden = true;
    }
    // a question (a step's "how many?", "who?", a drill's): its box to answer in on the screen
    // too, above the step bar, with the question (the narration, a drill's prompt) and the
    // board made smaller for it (never under its words' WORDS_MIN px); what still does not fit:
    // the page scrolled, once a question, as little as it takes (the board's top goes first)
    // (showAsking)
    const question = askBox(parts);
    const asked = parts.story.querySelector(".tp-narration, .tp-drill-prompt");
    const start = asked && asked.offsetParent ? asked : null;
    // (at least a quarter of the screen's height: the board the question is about)
    const floor = Math.max(least, Math.floor(QUESTION_BOARD_MIN * window.innerHeight * aspect));
    if (question) {
      const over = question.getBoundingClientRect().bottom + scrolledAbove(parts.root) - (screenEnd(parts) - 8);
      if (over > 0) {
        shown = Math.min(shown, Math.max(floor, Math.floor(shown - over * aspect)));
        phoneWidth(shown);
      }
      // still too tall: where the page, scrolled, would take off the places the question is
      // about (Canyon's "start at e1" on the 17-row river's first row), the board is shown
      // through a window instead, those places in it (boardWindow)
      boardWindow(parts, question, windowed);
      const box = question.getBoundingClientRect();
      showAsking(parts, box.bottom, (start || question).getBoundingClientRect().top);
      return;
    }
    // a try-it step (the learner's turn: the board is how the move is made): the whole board
    // and the try-it box's first line (whose move, what to do) on the screen together, above
    // the step bar: the page scrolled, the header first (the board as it was: its places as
    // big to tap), down to the board's top; only what that cannot give is taken from the board
    // (never under its words' WORDS_MIN px nor a quarter of the screen's height); what still
    // does not fit: the board's top goes, never the box's first line (showAsking, once a step)
    const trying = tryLine(parts);
    if (trying) {
      const top = () => parts.board.getBoundingClientRect().top;
      const over = trying.first().bottom - top() - (screenEnd(parts) - 16);
      if (over > 0) {
        // (and its places to tap at least TAP_MIN px, never smaller than they were: a small
        // phone's Canyon river went to 29 px places)
        const tap = tapSize(parts);
        const tapFloor = tap ? Math.ceil(shown * Math.min(1, TAP_MIN / tap)) : 0;
        shown = Math.min(shown, Math.max(floor, tapFloor, Math.floor(shown - over * aspect)));
        phoneWidth(shown);
      }
      const first = trying.first(), whole = trying.whole();
      // the whole sentence where the board's top allows, its first line in any case
      const end = screenEnd(parts) - 8;
      const room = top() - 8;
      const limit = whole.bottom - end <= room ? whole.bottom
        : first.bottom - end <= room ? end + room : first.bottom;
      showAsking(parts, limit, first.bottom - end <= room ? top()
        : Math.min(first.top, start ? start.getBoundingClientRect().top : first.top));
    } else if (narration && narration.offsetParent) {
      // a step that tells, its board at its floors (its words' WORDS_MIN px, 40% of the
      // screen's height) and the narration's start still under the step bar (a refused move's
      // box, 120-190 px, between the title and the narration; InTrappola's pictures' switch
      // of three rows): the page scrolled at the step's arrival, the header first, as little
      // as it takes for the narration's start to come above the bar and never past the
      // board's top (showAsking: once a step, a learner who scrolled is not brought back).
      // The first paint scrolls the same way (widgets/parts/firstpaint.py FIT_FIRST).
      showAsking(parts, narration.getBoundingClientRect().top + NARRATION_START - 8,
                 parts.board.getBoundingClientRect().top);
    }
    return;
  }
  const scrolled = scrolledAbove(parts.root);
  const top = parts.main.getBoundingClientRect().top + scrolled;
  // the board's view switches stand under it (InTrappola's "Knowledge:"): on the screen too
  const switches = parts.switches && parts.switches.childElementCount
    ? parts.switches.getBoundingClientRect().height + 12 : 0;
  const avail = Math.max(260, window.innerHeight - top - 14 - switches);
  // the story's column at least 330 px (30% of a wide screen), down to 300 px where the
  // board's smallest words would otherwise be under WORDS_MIN (Trigger's solo sheet on a
  // projector, in Italian: 11.6 px)
  const storyMin = present ? 0.42 * width
    : Math.max(300, Math.min(Math.max(330, 0.3 * width), width - wordsWidth(parts) - 20));
  let boardW = Math.max(280, Math.min(avail * aspect, width - storyMin - 20));
  const rules = rulesOf(parts);
  if (rules) fitRules(rules, 0); // as the step's rules come, then made to fit below
  parts.main.style.setProperty("--board-w", `${Math.floor(boardW)}px`);
  placeRules(parts, false);
  const over = () => rules && rules.getBoundingClientRect().bottom + scrolled > window.innerHeight;
  const narrower = (least) => {
    boardW = Math.max(least, boardW * 0.92);
    parts.main.style.setProperty("--board-w", `${Math.floor(boardW)}px`);
  };
  // a long narration: give the story more width (a smaller board) until the first rule's
  // title is on the screen too, down to 45% of the width for the board
  // (never under its 12 px words: Trigger's solo sheet went to 11 px for a long narration)
  const title = rules && rules.querySelector(".tp-rule-title");
  const fewestW = Math.max(0.45 * width, Math.min(boardW, wordsWidth(parts)));
  for (let i = 0; title && i < 6 && title.getBoundingClientRect().bottom + scrolled > window.innerHeight
       && boardW > fewestW; i++) narrower(fewestW);
  // a move made by a click on a card of the hand (the panel's click targets: InTrappola's
  // discard, Canyon's trick) where that hand, in the story column, is below the fold: the
  // board made smaller (never under its 12 px words) until the panel stands under it down to
  // that hand, on the screen with the board (a lesson's was under the rules, below the fold on
  // a laptop and a projector, presenting too; free play's stands in view and stays)
  const panelBox = parts.panelBox;
  const cards = handCards(parts);
  const last = cards[cards.length - 1], holder = last && (last.closest("[data-player]") || last);
  if (holder) placePanel(parts, false);
  // (only where a board that small leaves that room: under a river taller than wide, a drill's
  // panel went below the screen with the hand a trick's question is about; it stays in the story)
  const need = holder ? holder.getBoundingClientRect().bottom - panelBox.getBoundingClientRect().top + 24 : 0;
  const fewest = Math.max(280, Math.min(boardW, wordsWidth(parts)));
  const hand = Boolean(holder && holder.getBoundingClientRect().bottom + scrolled > window.innerHeight
                       && (avail - need) * aspect >= fewest);
  if (hand) {
    boardW = Math.min(boardW, (avail - need) * aspect);
    parts.main.style.setProperty("--board-w", `${Math.floor(boardW)}px`);
  }
  // a board much wider than high leaves the bottom of its column empty: the panel goes there
  // (the room under the board counted with its switches' row, as before they were fitted)
  const roomUnder = () => (present ? 0 : avail + switches - boardW / aspect);
  const panelUnder = () => hand || roomUnder() > UNDER_MIN;
  placePanel(parts, panelUnder());
  // a try-it step's box, two or three rules: the cards made shorter, a step at a time, until
  // every one is on the screen too (fitRules)
  // (the level of CLAMPS the cards end at)
  const shorten = () => {
    let level = 0;
    while (level + 1 < CLAMPS.length && over()) fitRules(rules, ++level);
    return level;
  };
  const cardsAgain = () => { fitRules(rules, 0); return shorten(); }; // as they come, then shorter
  let cut = shorten();
  // and still: the rules under the board (and its panel) where that leaves a card or two of
  // room (Trigger's two boards on a projector), in the board's width (presenting too: the
  // panel stays in the story then, but a rule card below the fold, under the class's tally and
  // a presenter's large narration, goes where the board left room); and where they would stand
  // there cut less than beside the narration (a card cut to a line beside an empty quarter of
  // the screen under the board): tried again whenever the board was made smaller
  const roomForRules = () => avail + switches - boardW / aspect
    - (panelUnder() && panelBox && !panelBox.hidden ? panelBox.getBoundingClientRect().height + 18 : 0)
    - (parts.tally && parts.tally.parentNode === parts.under ? parts.tally.getBoundingClientRect().height + 16 : 0);
  const rulesUnder = () => {
    if (!rules || rules.parentNode === parts.under) return;
    const wasOver = over(), room = roomForRules();
    // (cut less there needs at least about the room they take here, in the board's width:
    // not tried where that is not free, each try being a few layouts of the page)
    const here = rules.getBoundingClientRect().height;
    const needs = 0.8 * here * Math.min(1, parts.story.getBoundingClientRect().width / boardW);
    if (wasOver ? room <= RULES_UNDER_MIN : !(cut > 0 && room > needs)) return;
    placeRules(parts, true);
    if (wasOver) { cut = cardsAgain(); return; } // there, as short as it takes
    // the least level under ``cut`` that fits there (a level cuts as much as the one before
    // it or more: halving finds it in a few layouts), else back beside the narration
    let low = 0, high = cut;
    while (low < high) {
      const mid = (low + high) >> 1;
      fitRules(rules, mid);
      if (over()) low = mid + 1;
      else high = mid;
    }
    if (low < cut) fitRules(rules, (cut = low));
    else { placeRules(parts, false); fitRules(rules, cut); } // no better there: as they were
  };
  rulesUnder();
  // and still: a smaller board (never under its 12 px words; more room under it too), the
  // cards again
  const least = Math.max(280, 0.45 * width, Math.min(boardW, wordsWidth(parts)));
  let shrunk = false;
  for (let i = 0; i < 8 && over() && boardW > least; i++) {
    narrower(least);
    cut = cardsAgain();
    shrunk = true;
  }
  if (shrunk) { placePanel(parts, panelUnder()); rulesUnder(); }
  // last: the story's words a size smaller (the narration 17 px, page.css), the cards again: a
  // long narration with three or four rules beside a board as narrow as its words allow
  // (Trapper's on a projector); a presenter's large words stay
  if (over() && !present) {
    parts.root.classList.add("tp-snug");
    cut = cardsAgain();
  }
  // last of all, rather than a rule below the fold: the board under its 12 px words (down to
  // 45% of the width, as the first narrowing once went for any long story)
  let under = false;
  for (let i = 0; i < 6 && over() && boardW > 0.45 * width; i++) {
    narrower(0.45 * width);
    cut = cardsAgain();
    under = true;
  }
  if (under) { placePanel(parts, panelUnder()); rulesUnder(); }
  // and presenting, last: a presenter's large words a size smaller at a time (page.css,
  // data-present-words: the narration 30 px, then 26, 23, 20, above a laptop's 19) while a rule
  // card or the narration's own end is below the screen, or a card is cut to one row (its
  // reading out of sight): a long narration and a revealed step's "the lesson plays this one
  // because" pushed the rule cards (Trapper's tactical auction under a class's bar, 1024 x 768),
  // or the narration's end (Trigger's solo malus, 180-324 px; Trigger's star, without a class
  // too), below it. A link that presents is painted first with the same step-down
  // (widgets/parts/firstpaint.py FIT_FIRST: the narration's end and the rule titles below the
  // screen), so the paint and the live page agree.
  // (and a verdict shown, with the row after it: a revealed step's "the book plays", the lesson's
  // last step's Play on, where the focus goes; below the screen, the page was scrolled to them,
  // the lesson's title and the class's code above the projector's screen. Never in a first
  // paint: it paints a step at its start)
  const storyEnd = () => {
    const told = parts.story.querySelector(".tp-narration");
    let end = told && told.offsetParent ? told.getBoundingClientRect().bottom : 0;
    const verdict = parts.story.querySelector(".tp-feedback");
    if (end && verdict && verdict.offsetParent && verdict.textContent.trim()) {
      for (const part of [verdict, parts.story.querySelector(".tp-after")]) {
        if (part && part.offsetParent) end = Math.max(end, part.getBoundingClientRect().bottom);
      }
    }
    return end ? end + scrolled : 0;
  };
  const cramped = () => over() || storyEnd() > window.innerHeight
    || (cut > 0 && CLAMPS[cut].includes("row"));
  // (at each size the cards placed anew: beside the narration, then under the board where it
  // leaves them room or they stand cut less there; they stayed under the board, cut to a row,
  // where the smaller words made room beside the narration: Trapper's canoe sold, 1024 x 768)
  const placeAgain = () => { placeRules(parts, false); cut = cardsAgain(); rulesUnder(); };
  for (let size = 1; present && size <= PRESENT_WORDS && cramped(); size++) {
    parts.root.dataset.presentWords = String(size);
    placeAgain();
  }
  // and still, the words at their smallest: the board smaller than 45% of the width (never
  // under its 12 px words nor PRESENT_BOARD_MIN of the width), the rules under it as it leaves
  // them room: a class's tally above a long narration (InTrappola's deck run out, revealed, in
  // Italian, 1024 x 768) kept the rule cards below the projector's screen, the board leaving
  // 135 px under it. Kept where the cards came onto the screen, or all fits; else as it was.
  if (present && cramped()) {
    const was = { boardW, over: over() };
    // (nor narrower than the row of its view switches: InTrappola's "Knowledge:" went to two
    // rows, the room under the board smaller than it was counted)
    const row = switches ? [...parts.switches.children] : [];
    const rowW = row.length ? Math.max(...row.map((part) => part.getBoundingClientRect().right))
      - parts.switches.getBoundingClientRect().left + 2 : 0;
    // (a board under its words' 12 px already, or whose words need more: down to 45% of the
    // width, as before a rule below the fold: Trapper's green turn, step 2, in Italian)
    const floor = Math.max(280, PRESENT_BOARD_MIN * width, rowW, Math.min(boardW, wordsWidth(parts), 0.45 * width));
    for (let i = 0; i < 8 && cramped() && boardW > floor; i++) {
      narrower(floor);
      placeAgain();
    }
    if (cramped() && (over() || !was.over) && boardW < was.boardW) {
      boardW = was.boardW;
      parts.main.style.setProperty("--board-w", `${Math.floor(boardW)}px`);
      placeAgain();
    }
  }
  // and last, presenting with a class, a rule card still below the screen: the class's tally
  // (its answers' chart, under the step's title) under the board where the board leaves it
  // room, the cards placed anew beside the narration: a revealed step's verdict, a long
  // narration and three or four rule cards beside the tally left the cards below the
  // projector's screen, the board at its words' 12 px (Trapper's green turn, 1024 x 768): the
  // board's column holds the board and the class's answers, the story column the story and its
  // rules. Kept where the cards then stand on the screen; else the tally back over the story.
  const tally = parts.story.querySelector(".tk-tally");
  if (present && tally && tally.getClientRects().length && over()) {
    const room = avail + switches - boardW / aspect
      - (parts.under.hidden ? 0 : parts.under.getBoundingClientRect().height + 18);
    if (tally.getBoundingClientRect().height + 16 <= room) {
      placeRules(parts, false);
      placeTally(parts, true);
      cut = cardsAgain();
      rulesUnder();
      if (over()) { placeTally(parts, false); placeAgain(); }
    }
  }
  pointReadings(parts);
}

// A question asked now (a lesson's box to answer in, a drill's options or number box; on a
// phone: in the story column), or null.
function askBox(parts) {
  for (const box of parts.story.querySelectorAll(".tp-ask-box, .tp-drill-options, .tp-drill-answer")) {
    if (box.getClientRects().length && box.getBoundingClientRect().height > 0) return box;
  }
  return null;
}

// A phone's drill whose board, as small as its words allow (fitBoard), still cannot stand
// whole with the question and its options above the step bar: the page scrolled as showAsking
// does took the board's top off, and with it, where they stand there, the places the question
// is about (the holder's ``data-about``: the board's ``data-target`` names its options' moves
// are made on, widgets/pages/drills/view.py places_asked; Canyon's "start at e1" on the
// river's first row). Then the page scrolls only down to the board's top (the header goes),
// and what must still go is taken from the board's height instead: the board is shown
// through a window (``data-window``: the sides it cuts, "top", "bottom"; the learner scrolls
// it, by touch or by keys: it takes the focus), scrolled to show those places, as much of the
// board under them as the window holds. Where the page's scroll keeps them in view, or the
// question names none, no window: the page scrolls as before. ``kept``: the window's scroll
// at the last fitting (unwindow), kept for the same question (the learner scrolled it).
function boardWindow(parts, question, kept) {
  const names = new Set(JSON.parse(parts.board.getAttribute("data-about") || "[]"));
  const svg = parts.board.querySelector("svg");
  if (!names.size || !svg) return;
  let top = Infinity, bottom = -Infinity;
  for (const place of svg.querySelectorAll("[data-target]")) {
    if (!names.has(place.getAttribute("data-target"))) continue;
    const box = place.getBoundingClientRect();
    if (box.height > 0) { top = Math.min(top, box.top); bottom = Math.max(bottom, box.bottom); }
  }
  if (top === Infinity) return;
  const scrolled = scrolledAbove(parts.root);
  const board = parts.board.getBoundingClientRect();
  // where the page is scrolled to (from its top) for the options to end above the bar, and
  // the most it may be scrolled with the board's top still on the screen
  const need = question.getBoundingClientRect().bottom + scrolled - (screenEnd(parts) - 8);
  const most = Math.max(0, board.top + scrolled);
  if (top + scrolled - need >= 4) return; // the page's scroll leaves them on the screen
  let cut = Math.ceil(need - Math.min(need, most));
  if (cut <= 0) return;
  // (never under a quarter of the screen's height: what that leaves, the page scrolls)
  const high = Math.floor(Math.min(board.height, Math.max(board.height - cut,
                                                          QUESTION_BOARD_MIN * window.innerHeight)));
  if (high >= board.height) return;
  cut = Math.ceil(board.height - high);
  const [from, to] = [top - board.top, bottom - board.top]; // in the board
  // the places a quarter of the window down (the board around them above), the rest under
  // them; taller than that leaves (the foot's words over the window's end): their start
  const footRoom = 0.05 * high;
  let at = Math.max(0, Math.min(cut, from - 0.25 * high));
  if (to - at > high - footRoom) at = Math.max(0, Math.min(cut, from - 4));
  const key = parts.root.dataset.question || "";
  if (kept !== null && parts.windowFor === key) at = Math.max(0, Math.min(cut, kept));
  parts.windowFor = key;
  parts.board.style.height = `${high}px`;
  parts.board.setAttribute("tabindex", "0");
  parts.board.setAttribute("data-window", [at > 0 ? "top" : "", at < cut ? "bottom" : ""].join(" ").trim());
  // the words under the board's last places (Canyon's column letters: "g3" is read by them)
  // stand at the window's foot all the same, a copy over the board (boardFoot; over the
  // words themselves once scrolled to the end)
  const foot = boardFoot(svg);
  if (foot) {
    parts.board.append(foot);
    foot.style.marginTop = `${-foot.getBoundingClientRect().height}px`;
  }
  parts.board.scrollTop = at;
  parts.board.onscroll = () => {
    const now = parts.board.scrollTop;
    parts.board.setAttribute("data-window", [now > 0.5 ? "top" : "", now < cut - 0.5 ? "bottom" : ""].join(" ").trim());
  };
}

// The words a board draws under its last place (the row of Canyon's column letters), as a strip
// of their own that sticks to a window's foot (aria-hidden: a copy), or null where it has none.
function boardFoot(svg) {
  const box = svg.viewBox.baseVal;
  let last = -Infinity;
  for (const place of svg.querySelectorAll("[data-target]")) {
    const drawn = place.getBBox();
    last = Math.max(last, drawn.y + drawn.height);
  }
  const words = [...svg.querySelectorAll(":scope > text")]
    .filter((word) => word.getClientRects().length && word.getBBox().y >= last - 0.5);
  if (!words.length || !(last < box.y + box.height)) return null;
  const strip = document.createElementNS(svg.namespaceURI, "svg");
  strip.setAttribute("viewBox", `${box.x} ${last} ${box.width} ${box.y + box.height - last}`);
  strip.setAttribute("aria-hidden", "true");
  strip.setAttribute("class", "tp-board-foot");
  strip.append(...words.map((word) => word.cloneNode(true)));
  return strip;
}

// The board shown whole again (boardWindow's window gone), before a fitting measures it: the
// window's scroll it had, else null.
function unwindow(parts) {
  const board = parts.board;
  if (!board.hasAttribute("data-window")) return null;
  const at = board.scrollTop;
  board.onscroll = null;
  board.removeAttribute("data-window");
  board.removeAttribute("tabindex");
  board.style.removeProperty("height");
  for (const foot of board.querySelectorAll(".tp-board-foot")) foot.remove();
  return at;
}

// A lesson's try-it box shown now (the learner's turn), or null; else its
// first line (``first()``: whose move and what to do, the status's first line) and the whole
// of what it says (``whole()``: the status), measured now.
function tryLine(parts) {
  const box = parts.story.querySelector(".tp-try-box");
  if (!box || !box.getClientRects().length || box.getBoundingClientRect().height === 0) return null;
  const status = box.querySelector(".tp-status");
  const said = status && status.textContent.trim() && status.getClientRects().length ? status : null;
  const shown = () => [...box.children].find((child) => child.getClientRects().length
                                              && child.getBoundingClientRect().height > 0) || box;
  const first = () => { // the first line of its first words
    if (!said) return shown().getBoundingClientRect();
    const words = document.createTreeWalker(said, 4); // its text nodes (NodeFilter.SHOW_TEXT)
    const range = document.createRange();
    for (let text = words.nextNode(); text; text = words.nextNode()) {
      if (!text.textContent.trim()) continue;
      range.selectNodeContents(text);
      const line = [...range.getClientRects()].find((rect) => rect.width > 0 && rect.height > 0);
      if (line) return line;
    }
    return said.getBoundingClientRect();
  };
  return { first, whole: () => (said || shown()).getBoundingClientRect() };
}

// The smallest place to tap on the board now (its click targets, ``data-target``: the least of
// a place's width and height, px), 0 where it has none.
function tapSize(parts) {
  let least = Infinity;
  for (const place of parts.board.querySelectorAll("svg [data-target]")) {
    const box = place.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) least = Math.min(least, box.width, box.height);
  }
  return least === Infinity ? 0 : least;
}

// A phone's step that asks (a question's box, a try-it's first line, a drill's options) still
// under the step bar (or below it) once the board is as small as it may be: the page scrolled
// so that ``bottom`` (where what must be seen ends) comes just above the bar, as little as it
// takes and never so far that ``top`` (the question: the narration's start; a try-it step: the
// board's top) leaves the screen's top. Again at a later fitting (the step's verdict of a try
// came above the box) while the learner has not scrolled since: one who scrolled to read the
// rules is not brought back. Once per step, phase and drill's question (``data-question``).
// (Scrolled by the box the page scrolls in, not by scrollIntoView: that adds the scroll padding
// kept for the bar to the margin.)
function showAsking(parts, bottom, top) {
  const task = parts.story.querySelector(".tp-task");
  const data = parts.root.dataset;
  const asked = `${data.step || ""}:${data.question || ""}:${task ? task.dataset.phase : ""}`;
  if (parts.asked === asked && Math.abs(scrolledAbove(parts.root) - parts.askedAt) > 1) return;
  parts.asked = asked;
  const by = Math.min(bottom - (screenEnd(parts) - 8), top - 8);
  if (by > 0) scrollPage(parts.root, by);
  parts.askedAt = scrolledAbove(parts.root);
}

// The page ``node`` is in scrolled down by ``by`` px: the box it scrolls in (Voila's), else the window.
function scrollPage(node, by) {
  for (let box = node.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if (box !== document.body && box !== document.documentElement
        && (overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight + 1) {
      box.scrollTop += by;
      return;
    }
  }
  window.scrollBy(0, by);
}

const RULES_UNDER_MIN = 150; // px left under the board (and its panel) for the rules to go there

// The step's rules (a lesson's, a follower's: the frame's story holds them; none elsewhere),
// and where they stand in the story: a mark they go back after.
function rulesOf(parts) {
  if (parts.rulesBox === undefined) {
    const rules = parts.story.querySelector(".tp-rules");
    parts.rulesBox = rules;
    if (rules) { parts.rulesMark = document.createComment("rules"); rules.before(parts.rulesMark); }
  }
  return parts.rulesBox;
}

// The rules under the board (``below``) or in the story column, the focus kept.
function placeRules(parts, below) {
  const rules = rulesOf(parts);
  if (rules && below !== (rules.parentNode === parts.under)) {
    const focused = rules.contains(document.activeElement) ? document.activeElement : null;
    if (below) parts.under.append(rules);
    else parts.rulesMark.after(rules);
    if (focused) focused.focus({ preventScroll: true });
  }
  showUnder(parts);
}

// A class's tally (classroom.js: its answers' chart, in the story under the step's title)
// under the board (``below``: presenting, where the board leaves it room) or back in its place
// in the story (a mark it goes back after).
function placeTally(parts, below) {
  if (parts.tally && !parts.root.contains(parts.tally)) parts.tally = null; // that class's gone
  if (!parts.tally) {
    const tally = parts.story.querySelector(".tk-tally");
    if (!tally || !below) return;
    parts.tally = tally;
    parts.tallyMark = document.createComment("tally");
    tally.before(parts.tallyMark);
  }
  const tally = parts.tally;
  if (below === (tally.parentNode === parts.under)) return;
  if (below) parts.under.prepend(tally);
  else if (parts.tallyMark.isConnected) parts.tallyMark.after(tally);
  showUnder(parts);
}

// The room under the board shown while it holds the panel or the rules.
function showUnder(parts) {
  const used = parts.under.childElementCount > 0;
  parts.under.hidden = !used;
  parts.main.classList.toggle("tp-panel-under", used);
}

// How short a step's rule cards are made, wide screens, until all are on the screen with the
// board and the narration (a projector's 1024 × 768: a try-it step's box and three rules):
// level 0 as they come; then the rulebook's place is shown only with an opened reading (one
// click away); then each card's text is cut to a number of lines, the first card's (the step's
// rule: a refusal's) last; last, a card on one row (its title, the text's start, "Our
// reading"). Each: [the first card's lines, the others'] (0: whole).
const CLAMPS = [null, [0, 0], [0, 2], [4, 1], [3, 1], [2, 1], [1, 1], [1, "row"], ["row", "row"]];

// The rule cards of ``rules`` at ``level`` of CLAMPS. A card's cut text shows it is cut (…)
// and is a button: a click, Enter or Space shows it whole (``data-open``: kept while the step
// is shown; the fitting cuts the other cards instead). A screen reader reads the whole text.
function fitRules(rules, level) {
  const lines = CLAMPS[level];
  rules.classList.toggle("tp-rules-tight", !!lines);
  rules.querySelectorAll(".tp-rule").forEach((card, i) => {
    const text = card.querySelector(".tp-rule-text");
    const cut = lines && !card.hasAttribute("data-open") ? lines[i === 0 ? 0 : 1] : 0;
    if (cut) card.style.setProperty("--clamp", cut === "row" ? "1" : String(cut));
    else card.style.removeProperty("--clamp");
    if (cut) card.setAttribute("data-clamp", String(cut));
    else card.removeAttribute("data-clamp");
    if (!text) return;
    const cuttable = !!cut && text.scrollHeight > text.clientHeight + 1;
    const open = card.hasAttribute("data-open");
    if (cuttable || open) {
      text.setAttribute("role", "button");
      text.setAttribute("tabindex", "0");
      text.setAttribute("aria-expanded", open ? "true" : "false");
    } else if (text.hasAttribute("role")) {
      for (const name of ["role", "tabindex", "aria-expanded"]) text.removeAttribute(name);
    }
  });
}

// A cut rule text, clicked (or Enter, Space on it): whole, or cut again (the page then fits
// anew: true).
function openRule(event) {
  const text = event.target.closest && event.target.closest(".tp-rule-text[role=button]");
  if (!text) return false;
  if (event.type === "keydown") {
    if (event.key !== "Enter" && event.key !== " ") return false;
    event.preventDefault();
    event.stopPropagation(); // Space is not the lesson's Next here
  }
  const card = text.closest(".tp-rule");
  const open = card.toggleAttribute("data-open");
  text.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) { card.removeAttribute("data-clamp"); card.style.removeProperty("--clamp"); }
  return true;
}

// Where a step's rule has a reading of ours and its card starts below the fold (a long
// narration, two or three rules: a projector's 1024 × 768), a line under the narration links
// to it: one click opens the reading and brings its card into view. The line lists only those.
// On a phone (one column: the board, the story, the rules) the line stands under the step's
// title and names every rule card below the fold, the reading opened with it: the rules of the
// step are named on the screen with the board and the narration's start.
function pointReadings(parts) {
  const line = parts.story.querySelector(".tp-reading-links");
  if (!line) return;
  const narrow = parts.root.classList.contains("tp-narrow");
  const place = parts.story.querySelector(narrow ? ".tp-step" : ".tp-narration");
  if (place && line.previousElementSibling !== place) place.after(line);
  const rules = rulesOf(parts);
  const cards = [...(rules ? rules.querySelectorAll(".tp-rule") : [])]
    .filter((card) => narrow || card.querySelector(".tp-reading summary"));
  const away = new Set();
  const scrolled = scrolledAbove(parts.root);
  const end = narrow ? screenEnd(parts) : window.innerHeight;
  const mark = (card) => (narrow ? card.querySelector(".tp-rule-title") : card.querySelector(".tp-reading summary"));
  const below = () => cards.filter((card) => mark(card) && mark(card).getBoundingClientRect().bottom + scrolled > end);
  const draw = () => {
    line.hidden = away.size === 0;
    line.classList.toggle("tp-rule-links", narrow);
    const said = line.getAttribute(narrow ? "data-rules-label" : "data-label") || "";
    const label = el("span", { class: "tp-reading-label", text: narrow ? `${said}:` : said });
    line.replaceChildren(label, ...cards.filter((card) => away.has(card)).map((card) => {
      const title = card.querySelector(".tp-rule-title");
      const words = title && title.firstChild ? title.firstChild.textContent.trim() : "";
      const id = card.querySelector(".tp-rule-id");
      return button("tp-reading-link", words, () => {
        const reading = card.querySelector(".tp-reading");
        if (reading) reading.open = true;
        card.scrollIntoView({ block: narrow ? "start" : "nearest" });
        const focus = reading ? reading.querySelector("summary") : card.querySelector("summary, button, a");
        if (focus) focus.focus({ preventScroll: true });
      }, { "data-rule": id ? id.textContent : "" });
    }));
  };
  if (narrow) { // the line moves the cards further down: those below now stay below
    for (const card of below()) away.add(card);
    draw();
    return;
  }
  draw();
  for (let i = 0; i < 4; i++) { // the line itself moves the cards down: again until it holds
    const more = below().filter((card) => !away.has(card));
    if (!more.length) break;
    for (const card of more) away.add(card);
    draw();
  }
}

// A board the page shows folded on a narrow page (Trigger's two boards: a phone would show each
// tile ~22 px wide). The picture says how (widgets/games/trigger.py): ``data-fold`` the box of
// each part ("x,y,w,h" each), ``data-fold-at`` the one shown first, ``data-fold-names`` their
// names. Folded, the picture's box is one part's and a switch under it shows another; the
// learner's pick holds until the picture shows another part first. Wide, the whole picture.
function foldBoard(parts) {
  const svg = parts.board.querySelector("svg[data-fold]");
  const narrow = parts.root.classList.contains("tp-narrow");
  if (!svg) { parts.fold.hidden = true; return; }
  const boxes = svg.getAttribute("data-fold").split(" ").map((box) => box.replace(/,/g, " "));
  const first = Number(svg.getAttribute("data-fold-at")) || 0;
  const kept = parts.folded;
  if (kept.at !== first) { kept.at = first; kept.pick = null; }
  const at = kept.pick ?? first;
  if (!svg.hasAttribute("data-wide")) svg.setAttribute("data-wide", svg.getAttribute("viewBox"));
  const box = narrow ? boxes[at] || boxes[0] : svg.getAttribute("data-wide");
  if (svg.getAttribute("viewBox") !== box) svg.setAttribute("viewBox", box);
  if (narrow !== svg.hasAttribute("data-folded")) svg.toggleAttribute("data-folded", narrow);
  parts.fold.hidden = !narrow;
  if (!narrow) return;
  const names = (svg.getAttribute("data-fold-names") || "").split("|");
  // the buttons' short words (InTrappola's "A", "B", "A meets B": one row on a phone), each
  // part's name its button's accessible name and tooltip
  const shorts = (svg.getAttribute("data-fold-short") || "").split("|");
  const short = shorts.length === names.length && shorts.every(Boolean);
  const label = svg.getAttribute("data-fold-label") || "";
  const drawn = parts.fold.firstElementChild;
  if (drawn && drawn.getAttribute("data-names") === names.join("|")
      && drawn.getAttribute("data-at") === String(at)) return;
  const group = el("div", { class: "tp-switch", role: "group", "aria-label": label,
                            "data-names": names.join("|"), "data-at": String(at) });
  names.forEach((name, i) => group.append(button("tp-switch-option tp-fold-option",
                                                 short ? shorts[i] : name, () => {
    kept.pick = i;
    foldBoard(parts);
  }, { "aria-pressed": i === at ? "true" : "false", "data-part": String(i),
       "aria-label": short ? name : null, title: short ? name : null })));
  parts.fold.replaceChildren(group);
}

// A phone's step bar, fixed at the bottom, comes after the board and the story in the page's
// order too: Tab goes from the header to the board, the story, the task, then the bar, as the
// learner sees them. Wider, the controls are back under the header.
function placeControls(parts) {
  const bar = parts.controls, narrow = parts.root.classList.contains("tp-narrow");
  const notice = parts.root.querySelector(".tp-lang-notice");
  if (narrow === (bar.previousElementSibling === parts.main) || !notice) return;
  const focused = bar.contains(document.activeElement) ? document.activeElement : null;
  if (narrow) parts.main.after(bar);
  else notice.after(bar);
  if (focused) focused.focus({ preventScroll: true });
}

// The cards of the hand a click plays now (the players' panel's click targets: InTrappola's
// discard, Canyon's trick): on a lesson's page, only while its try-it box asks for the move.
function handCards(parts) {
  const box = parts.panelBox, task = parts.story.querySelector(".tp-task");
  if (!box || box.hidden || (task && (task.hidden || task.dataset.phase !== "try"))) return [];
  return box.querySelectorAll(".tp-panel [data-target]");
}

// The players' panel (a lesson's) under the board or in the story column: there before the
// legend, or (``first``: a phone's try-it step whose move is a card of the hand) right after
// the try-it box, where the prompt names the hand (it stood after every rule card).
function placePanel(parts, below, first = false) {
  const box = parts.panelBox;
  if (!box) return;
  const task = first ? parts.story.querySelector(".tp-task") : null;
  const [parent, before] = below ? [parts.under, parts.under.firstChild]
    : task ? [task.parentNode, task.nextSibling] : [parts.story, parts.panelBefore];
  if (box.parentNode === parent && (box === before || box.nextSibling === before)) return showUnder(parts);
  const focused = box.contains(document.activeElement) ? document.activeElement : null;
  parent.insertBefore(box, before);
  if (focused) focused.focus({ preventScroll: true }); // moving it took the focus away: given back
  showUnder(parts);
}

// Fit again whenever the page's box changes (it is attached after render returns, and the
// window or the notebook's layout may change later). The function returned stops watching.
export function watchFit(parts, present) {
  let queued = false;
  const refit = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fitBoard(parts, present()); });
  };
  const observer = new ResizeObserver(refit);
  observer.observe(parts.root);
  observer.observe(parts.controls); // a phone's bar: the room the page keeps for it
  const unlisten = listen(window, { resize: refit });
  // on a phone, a field (or button) that takes focus comes above the step bar with the row it
  // is in (a typed move and its Try, a number and its Answer), not under the bar
  const focused = (event) => {
    const target = event.target;
    if (!parts.root.classList.contains("tp-narrow") || parts.controls.contains(target)) return;
    if (!target.matches || !target.matches("input, select, textarea, button")) return;
    const row = target.closest(".tp-answer-row, .tp-move-row, .tp-answer-choices") || target;
    requestAnimationFrame(() => bringIntoView(row, screenEnd(parts)));
  };
  const unfocus = listen(parts.root, { focusin: focused });
  const opened = (event) => { if (openRule(event)) refit(); };
  const unopen = listen(parts.main, { click: opened, keydown: opened }); // the rules: story, or under the board
  // a new picture (another step, scene or question) is folded before it is painted
  const drawn = new MutationObserver(() => foldBoard(parts));
  drawn.observe(parts.board, { childList: true, subtree: true, attributes: true,
                               attributeFilter: ["viewBox", "data-fold", "data-fold-at"] });
  return () => { observer.disconnect(); drawn.disconnect(); unlisten(); unfocus(); unopen(); };
}
