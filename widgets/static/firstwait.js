// The first paint waits for its page, and says when the page will not come.
//
// Not a module of the app: a plain script that widgets/parts/firstpaint.py writes into the first paint
// Voila serves (the first paint stands before Voila's scripts and the app have loaded), run
// once where it stands. Its sentences come on the script element itself (data-ended,
// data-late, data-unreachable, data-reload-step, data-reload), in the page's language.
//
// The page's kernel may die after the first paint was served and before the app drew the
// page (killed for memory, the server restarted, culled under load): the page would say the
// lesson is loading for ever. While the first paint stands, the server is asked about the
// page's kernel every EVERY ms (GET api/kernels/<id>, the id Voila writes into the page):
//   - not there (404), or restarted by the server (its "restarts", widgets/serving/server.py: a
//     restarted kernel has none of this page's widgets) -> "ended";
//   - no answer twice in a row -> "unreachable";
//   - still no page after WAIT ms, whatever the server says -> "late".
// Then one sentence in the controls' place and a link that reloads at the same step (the
// first paint's data-step). The app removes the first paint when it draws (app.js): the
// watch ends there, and a page that comes after all replaces the sentence too.
//
// Only in Voila: the static site's kernel runs in the browser (Voici: no server to ask, and
// its first paint is the build's, sitebuild/paint.py), JupyterLab shows no first paint.
(() => {
  // WAIT: the page comes 1.2-1.6 s after its first paint here, and a phone on a slow link
  // loads Voila's scripts (~0.4 MB compressed) in well under 20 s; Voila itself waits up to
  // 60 s for a cell's output under load (voila.json, VoilaExecutor.iopub_timeout). 75 s is
  // past all of them: a page that has not come by then will not.
  const WAIT = 75000;
  const EVERY = 2500; // ms between questions to the server (1-2 per page that comes as usual)
  const script = document.currentScript;
  const first = script && script.parentNode && script.parentNode.querySelector(".tp-first");
  const place = document.documentElement.getAttribute("data-tutor-frontend");
  if (!first || (place && place !== "voila")) return;
  let config = {};
  try {
    config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  } catch (error) { /* none: no kernel to ask about */ }
  const texts = script.dataset;
  const began = Date.now();
  let misses = 0;
  let said = false;
  // the app drew the page (and removed the first paint), or the first paint is gone
  const arrived = () => !document.contains(first);

  function say(state) {
    if (said || arrived()) return;
    said = true;
    const step = first.getAttribute("data-step");
    const url = new URL(window.location.href);
    url.hash = "";
    if (step !== null) url.searchParams.set("step", step);
    const box = document.createElement("div");
    box.className = "tp-first-ended";
    box.setAttribute("role", "alert");
    box.setAttribute("data-state", state);
    const sentence = document.createElement("p");
    sentence.className = "tp-first-ended-sentence";
    sentence.textContent = texts[state] || "";
    const link = document.createElement("a");
    link.className = "tp-first-reload";
    link.href = url.toString();
    if (step !== null) link.setAttribute("data-step", step);
    link.textContent = step !== null ? (texts.reloadStep || "").replace("{step}", step) : texts.reload || "";
    box.append(sentence, link);
    const line = first.querySelector(".tp-loading");
    if (line) line.replaceWith(box);
    else first.prepend(box);
    first.removeAttribute("aria-busy");
    first.setAttribute("data-ended", state);
  }

  const again = () => setTimeout(check, EVERY);

  function check() {
    if (said || arrived()) return;
    if (Date.now() - began >= WAIT) { say("late"); return; }
    if (!config.kernelId || !window.fetch) { again(); return; }
    const base = config.baseUrl || "/";
    const asked = fetch(`${base}api/kernels/${encodeURIComponent(config.kernelId)}`,
                        { cache: "no-store", credentials: "same-origin" });
    asked.then((reply) => {
      misses = 0;
      if (!reply.ok) { say("ended"); return null; } // 404: ended or culled; 403: signed out
      return reply.json().then((model) => {
        if (model && model.restarts > 0) say("ended");
        else again();
      }, again);
    }, () => {
      misses += 1;
      if (misses >= 2) say("unreachable");
      else again();
    });
  }

  again();
  // the page's own end (a page left while waiting): no sentence to say
  window.addEventListener("pagehide", () => { said = true; });
})();
