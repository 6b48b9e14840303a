// A student's answer kept until the relay has it (follow.js, the class's student page).
//
// A student on a phone on school Wi-Fi taps an answer: the page may not have the question's
// poll yet (its step is still coming), or its connection may be down or about to drop. The
// answer was dropped then, the student told nothing. Here it is held, for the question the
// student saw (the lesson, the step, try or ask), and sent as soon as the page has that
// question's poll and a connection; it is held until the relay's "you" message says it has it
// (after a reconnection, one that never arrived is sent again). Once the class is on another
// question (another step or lesson, or the answer shown), an answer held for the one before is
// let go: the relay would refuse it.
//
// The student is told when an answer they gave was not counted because the class moved on
// (``tell({poll, counted})``, counted "no" or "earlier": an answer they gave before is the one
// counted), and only when it is true: an answer that never left the page was not counted (the
// page knows); one that went out is the relay's to say (its "late" message: the relay refuses
// an answer to a closed question and says what it holds of the student's answers to it). One
// sent on a connection that dropped may have arrived or not: it is sent again once the class
// has left its question, for the relay's word, never counted then.
//
// No DOM here: tests run it under Node (tests/classroom/test_pending_answer.py).

// where the class is, as a question: {lesson, step, kind ("try", "ask" or null: nothing asked),
// poll (its number, null while the page has none)}
export function asked(lesson, step, phase, poll) {
  const kind = phase === "try" || phase === "ask" ? phase : null;
  return { lesson, step, kind, poll: kind && poll ? poll : null };
}

const sameValue = (a, b) => {
  const keys = (v) => Object.keys(v || {}).sort();
  return keys(a).join() === keys(b).join() && keys(a).every((k) => a[k] === b[k]);
};

// ``send(message)``: true when the message went on an open connection; ``tell({poll,
// counted})``: an answer the student gave was not counted
export function answerKeeper(send, tell = () => {}) {
  // {lesson, step, kind, poll, value, sent (on this connection), went (on any)}
  let held = null;
  let counted = null; // the relay's last word that it has an answer: {poll, value}
  let awaiting = null; // let go after it was sent on this connection: the relay's "late" is due
  const told = new Set(); // the polls the student was told of

  function flush() {
    if (!held || !held.poll || held.sent) return false;
    held.sent = send({ type: "answer", poll: held.poll, ...held.value }) === true;
    if (held.sent) held.went = true;
    return held.sent;
  }

  function say(poll, said) {
    if (said === "yes" || (poll && told.has(poll))) return; // counted, or told already
    if (poll) told.add(poll);
    tell({ poll, counted: said });
  }

  // the class has left the question of the answer held
  function letGo() {
    const was = held;
    held = null;
    if (!was) return;
    if (!was.went) { // it never left this page: not counted (an earlier one the relay has is)
      const earlier = was.poll && counted && counted.poll === was.poll ? counted.value : null;
      say(was.poll, !earlier ? "no" : sameValue(earlier, was.value) ? "yes" : "earlier");
    } else if (!was.sent) { // sent on a connection that dropped: the relay's "late" says
      send({ type: "answer", poll: was.poll, ...was.value });
    } else { // sent on this connection and not confirmed: the relay's "late" is on its way,
      awaiting = was; // unless the connection carried nothing (asked again after a reconnection)
    }
  }

  return {
    // the answer held (a copy), or null
    get held() { return held ? { ...held, value: { ...held.value } } : null; },

    // the student answered the question ``at`` (asked()) with ``value`` ({choice}, {text}
    // or {move}): sent now if it may be, else kept. True: sent now.
    give(at, value) {
      if (!at || !at.kind) return false; // nothing is asked: no answer to keep
      // (an answer before it that went out may have arrived: the relay is asked, if it comes to that)
      const went = !!(held && held.went && held.poll && held.poll === at.poll);
      held = { lesson: at.lesson, step: at.step, kind: at.kind, poll: at.poll || null,
               value: { ...value }, sent: false, went };
      return flush();
    },

    // the class shows ``at`` now (a step message): the held answer goes once it has its
    // poll; one to another question is let go. True: sent now.
    shown(at) {
      if (!held) return false;
      if (!at || !at.kind || at.lesson !== held.lesson || at.step !== held.step
          || at.kind !== held.kind || (held.poll && at.poll && at.poll !== held.poll)) {
        letGo(); // the class is past that question (or asks it again from its start)
        return false;
      }
      if (!held.poll && at.poll) held.poll = at.poll;
      return flush();
    },

    // the class is on another step, not drawn here yet (a wait message): the question the
    // page showed is no longer asked
    moved(lesson, step) {
      if (held && (lesson !== held.lesson || step !== held.step)) letGo();
    },

    // the relay's word on this student's own answer (its "you" message)
    heard(mine) {
      if (mine && mine.poll && mine.answered) counted = { poll: mine.poll, value: { ...mine.value } };
      if (!held || !held.poll || !mine || mine.poll !== held.poll) return false;
      if (mine.answered && sameValue(mine.value, held.value)) {
        held = null; // the relay has it
        return false;
      }
      return flush();
    },

    // the relay's "late": an answer to ``poll`` came after the class closed it (``counted``:
    // "yes", "earlier" or "no", what the relay holds of this student's answers to it)
    late(word) {
      if (!word || !word.poll) return;
      if (held && held.poll === word.poll) held = null;
      if (awaiting && awaiting.poll === word.poll) awaiting = null;
      say(word.poll, word.counted === "yes" || word.counted === "earlier" ? word.counted : "no");
    },

    // the connection is open again: what was sent may not have arrived (the relay's "you"
    // after the join says whether it did); sent again unless it did
    reconnected() {
      if (held) held.sent = false;
      if (awaiting) { // the relay's word on an answer let go never came: asked for again
        const was = awaiting;
        awaiting = null;
        send({ type: "answer", poll: was.poll, ...was.value });
      }
    },
  };
}
