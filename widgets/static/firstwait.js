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
(function () {
  // WAIT: the page comes 1.2-1.6 s after its first paint here, and a phone on a slow link
  // loads Voila's scripts (~0.4 MB compressed) in well under 20 s; Voila itself waits up to
  // 60 s for a cell's output under load (voila.json, VoilaExecutor.iopub_timeout). 75 s is
  // past all of them: a page that has not come by then will not.
  var WAIT = 75000;
  var EVERY = 2500; // ms between questions to the server (1-2 per page that comes as usual)
  var script = document.currentScript;
  var wrap = script && script.parentNode;
  var first = wrap && wrap.querySelector(".tp-first");
  if (!first) return;
  var place = document.documentElement.getAttribute("data-tutor-frontend");
  if (place && place !== "voila") return;
  var config = {};
  try {
    config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  } catch (error) {
    config = {};
  }
  var texts = script.dataset;
  var began = Date.now();
  var misses = 0;
  var said = false;

  // the app drew the page (and removed the first paint), or the first paint is gone
  function arrived() {
    return !document.contains(first);
  }

  function say(state) {
    if (said || arrived()) return;
    said = true;
    var step = first.getAttribute("data-step");
    var url = new URL(window.location.href);
    url.hash = "";
    if (step !== null) url.searchParams.set("step", step);
    var box = document.createElement("div");
    box.className = "tp-first-ended";
    box.setAttribute("role", "alert");
    box.setAttribute("data-state", state);
    var sentence = document.createElement("p");
    sentence.className = "tp-first-ended-sentence";
    sentence.textContent = texts[state] || "";
    var link = document.createElement("a");
    link.className = "tp-first-reload";
    link.href = url.toString();
    if (step !== null) {
      link.setAttribute("data-step", step);
      link.textContent = (texts.reloadStep || "").replace("{step}", step);
    } else {
      link.textContent = texts.reload || "";
    }
    box.appendChild(sentence);
    box.appendChild(link);
    var line = first.querySelector(".tp-loading");
    if (line) line.parentNode.replaceChild(box, line);
    else first.insertBefore(box, first.firstChild);
    first.removeAttribute("aria-busy");
    first.setAttribute("data-ended", state);
  }

  function again() {
    setTimeout(check, EVERY);
  }

  function check() {
    if (said || arrived()) return;
    if (Date.now() - began >= WAIT) {
      say("late");
      return;
    }
    if (!config.kernelId || !window.fetch) {
      again();
      return;
    }
    var base = config.baseUrl || "/";
    window.fetch(base + "api/kernels/" + encodeURIComponent(config.kernelId), {
      cache: "no-store",
      credentials: "same-origin",
    }).then(function (reply) {
      misses = 0;
      if (!reply.ok) { // 404: ended or culled; 403: signed out
        say("ended");
        return null;
      }
      return reply.json().then(function (model) {
        if (model && model.restarts > 0) say("ended");
        else again();
      }, again);
    }, function () {
      misses += 1;
      if (misses >= 2) say("unreachable");
      else again();
    });
  }

  again();
  // the page's own end (a page left while waiting): no sentence to say
  window.addEventListener("pagehide", function () { said = true; });
})();
