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

// ``send(message)``: true when the message went on an open connection
export function answerKeeper(send) {
  let held = null; // {lesson, step, kind, poll, value, sent}

  function flush() {
    if (!held || !held.poll || held.sent) return false;
    held.sent = send({ type: "answer", poll: held.poll, ...held.value }) === true;
    return held.sent;
  }

  return {
    // the answer held (a copy), or null
    get held() { return held ? { ...held, value: { ...held.value } } : null; },

    // the student answered the question ``at`` (asked()) with ``value`` ({choice}, {text}
    // or {move}): sent now if it may be, else kept. True: sent now.
    give(at, value) {
      if (!at || !at.kind) return false; // nothing is asked: no answer to keep
      held = { lesson: at.lesson, step: at.step, kind: at.kind, poll: at.poll || null,
               value: { ...value }, sent: false };
      return flush();
    },

    // the class shows ``at`` now (a step message): the held answer goes once it has its
    // poll; one to another question is let go. True: sent now.
    shown(at) {
      if (!held) return false;
      if (!at || !at.kind || at.lesson !== held.lesson || at.step !== held.step
          || at.kind !== held.kind || (held.poll && at.poll && at.poll !== held.poll)) {
        held = null; // the class is past that question (or asks it again from its start)
        return false;
      }
      if (!held.poll && at.poll) held.poll = at.poll;
      return flush();
    },

    // the class is on another step, not drawn here yet (a wait message): the question the
    // page showed is no longer asked
    moved(lesson, step) {
      if (held && (lesson !== held.lesson || step !== held.step)) held = null;
    },

    // the relay's word on this student's own answer (its "you" message)
    heard(mine) {
      if (!held || !held.poll || !mine || mine.poll !== held.poll) return false;
      if (mine.answered && sameValue(mine.value, held.value)) {
        held = null; // the relay has it
        return false;
      }
      return flush();
    },

    // the connection is open again: what was sent may not have arrived (the relay's "you"
    // after the join says whether it did); sent again unless it did
    reconnected() {
      if (held) held.sent = false;
    },
  };
}
