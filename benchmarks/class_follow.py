"""A live class on one machine: a teacher's lesson page, 200 simulated followers (websocket
clients in a process of their own) and 30 real browser pages following it, the relay in the app
server (``python -m widgets.serving.server``, as ``run.py app`` runs it).

Printed, all measured in this one run:

* teacher's Next -> the step painted on a follower: p50 / p95 over every follower and every
  Next, for the browser pages (the page's MutationObserver, then the frame painted) and the
  simulated ones (the step message received and decoded), and the ratio of the followers' p95
  to the teacher's own Next -> painted (p95) in the same run;
* the server's memory added by the 200 simulated followers (its resident size after they
  joined and followed a step, against before), and the kernels they and the 30 pages added;
* 30 answers to a question tallied on the teacher's page: the time from the last answer sent to
  the teacher's page counting all 30 judged.

Times are epoch milliseconds taken in each page (``performance.timeOrigin + performance.now()``)
and in the followers' process, on the same machine's clock. Nothing is asserted.

    python benchmarks/class_follow.py [--followers 200] [--pages 30] [--nexts 7]
"""
from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from common import MB, Row, VoilaServer, launch_chromium, report, save

LESSON = "trapper-green-turn.ipynb"
LANGS = ("en", "nl", "it")
NOW_JS = "performance.timeOrigin + performance.now()"

#: in a student's page: the epoch ms at which each (teacher step, phase) was painted
WATCH_JS = """
() => {
  window.__painted = {};
  const root = document.querySelector(".tf-root");
  const seen = () => {
    const key = root.dataset.teacherStep + ":" + root.dataset.phase;
    if (key in window.__painted) return;
    window.__painted[key] = -1;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__painted[key] = performance.timeOrigin + performance.now(); };
      channel.port2.postMessage(null);
    });
  };
  new MutationObserver(seen).observe(root, { attributes: true, attributeFilter: ["data-teacher-step", "data-phase"] });
}
"""

#: in the teacher's page: click Next; the epoch ms of the click and of the new step painted
NEXT_JS = """
() => new Promise((resolve) => {
  const list = document.querySelector(".tp-step-list");
  const board = document.querySelector(".tp-board");
  const panel = document.querySelector(".tp-task");
  const before = [list.selectedIndex, board.innerHTML, panel ? panel.dataset.phase : ""];
  const t0 = performance.timeOrigin + performance.now();
  document.querySelector(".tp-next").click();
  const check = () => {
    const now = [list.selectedIndex, board.innerHTML, panel ? panel.dataset.phase : ""];
    if (now[0] !== before[0] || now[1] !== before[1] || now[2] !== before[2]) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ clicked: t0, painted: performance.timeOrigin + performance.now() });
      channel.port2.postMessage(null);
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})
"""

#: in the teacher's page: the epoch ms at which ``n`` answers are counted judged
TALLIED_JS = """
(n) => new Promise((resolve) => {
  const bar = document.querySelector(".tk-bar");
  const done = () => Number(bar.dataset.judged) >= n;
  if (done()) { resolve(performance.timeOrigin + performance.now()); return; }
  const observer = new MutationObserver(() => {
    if (done()) { observer.disconnect(); resolve(performance.timeOrigin + performance.now()); }
  });
  observer.observe(bar, { attributes: true });
})
"""


# ---- the simulated followers (a process of their own) -------------------------------------------
async def follow(url: str, code: str, number: int, seen: dict, joined: list) -> None:
    """One follower: joins, notes when each message arrives and decodes it only once the
    class has ended (each simulated follower stands for a device of its own: 200 of them
    decoding in this one process would time this process, not the relay)."""
    import websockets

    got = []
    try:
        async with websockets.connect(url, max_size=None, ping_interval=None) as socket:
            await socket.send(json.dumps({"type": "join", "code": code, "lang": LANGS[number % 3], "gz": True}))
            async for raw in socket:
                got.append((time.time() * 1000, raw))
                if isinstance(raw, str) and '"joined"' in raw[:40]:
                    joined.append(number)
                elif isinstance(raw, str) and '"ended"' in raw[:40]:
                    break
    except websockets.ConnectionClosed:
        pass
    for received, raw in got:
        message = json.loads(gzip.decompress(raw) if isinstance(raw, bytes) else raw)
        if message["type"] == "step":
            seen.setdefault(f"{message['step']}:{message['phase']}", []).append(received)


async def simulate(url: str, code: str, count: int, out: Path) -> None:
    seen: dict = {}
    joined: list = []
    tasks = []
    for number in range(count):
        tasks.append(asyncio.create_task(follow(url, code, number, seen, joined)))
        if number % 20 == 19:
            await asyncio.sleep(0.05)  # a class arrives over a few seconds, not in one packet
    while len(joined) < count:
        await asyncio.sleep(0.1)
    out.with_suffix(".ready").write_text(str(len(joined)))
    await asyncio.wait(tasks, timeout=600)
    out.write_text(json.dumps(seen))


# ---- the run --------------------------------------------------------------------------------------
def percentile(values, share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(share * (len(values) - 1))))] if values else float("nan")


def say(text: str) -> None:
    print(f"  {text}", flush=True)


def server_rss(server) -> float:
    return psutil.Process(server.process.pid).memory_info().rss / MB


def cpu_by_part(server, simulated) -> dict[str, float]:
    """CPU seconds (user + system) used so far by each part of the run, this process's
    descendants grouped: the app server, its kernels, the simulated followers, and
    Chromium's processes by type (the 31 pages' renderers, the GPU process, utilities such
    as the network service, the browser process)."""
    found: dict[str, float] = {}
    kernels = {k.pid for k in server.kernels()}
    for process in psutil.Process().children(recursive=True):
        try:
            times = process.cpu_times()
            line = " ".join(process.cmdline())
        except psutil.Error:
            continue
        if process.pid == server.process.pid:
            part = "server"
        elif process.pid in kernels:
            part = "kernels"
        elif process.pid == simulated.pid:
            part = "simulated"
        elif "chrom" in line:
            kind = next((a.split("=", 1)[1] for a in process.cmdline() if a.startswith("--type=")), "browser")
            part = {"renderer": "renderers", "gpu-process": "gpu"}.get(kind, kind)
        else:
            part = "other"
        found[part] = found.get(part, 0.0) + times.user + times.system
    return found


def run(followers: int = 200, pages: int = 30, nexts: int = 7) -> list[Row]:
    from playwright.sync_api import sync_playwright

    out = Path(tempfile.mkdtemp(prefix="class-follow-")) / "seen.json"
    with VoilaServer("notebooks") as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        teacher = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        teacher.set_default_timeout(120_000)
        teacher.goto(server.render_url(LESSON, "class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on]")
        code = teacher.get_attribute(".tk-bar", "data-code")
        link = teacher.get_attribute(".tk-link", "href")
        teacher.click(".tk-large")
        say(f"class {code} started")
        time.sleep(2)
        kernels_before = len(server.kernels())
        rss_before = server_rss(server)

        # 200 simulated followers join (a third each in English, Dutch, Italian)
        socket_url = server.url("tutor/class/student").replace("http://", "ws://")
        simulated = subprocess.Popen([sys.executable, __file__, "--simulate", socket_url, code,
                                      str(followers), str(out)])
        while not out.with_suffix(".ready").exists():
            if simulated.poll() is not None:
                raise RuntimeError("the simulated followers stopped")
            time.sleep(0.2)
        teacher.wait_for_selector(f".tk-bar[data-following='{followers}']")
        say(f"{followers} simulated followers joined")
        time.sleep(2)
        rss_followers = server_rss(server)
        kernels_followers = len(server.kernels())

        # 30 browser pages join (phone-sized, the three languages)
        students = []
        for number in range(pages):
            if number % 10 == 0:
                context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.set_default_timeout(120_000)
            page.goto(f"{link}?lang={LANGS[number % 3]}")
            page.click(".tf-join button")
            students.append(page)
        for page in students:
            page.wait_for_selector(".tf-root[data-state=following]")
            page.evaluate(WATCH_JS)
        teacher.wait_for_selector(f".tk-bar[data-following='{followers + pages}']")
        kernels_all = len(server.kernels())
        say(f"{pages} browser pages joined")
        time.sleep(1)

        # the teacher moves on: Next after Next
        moves = []
        answers_ms = answered_over = float("nan")
        spent: dict[str, float] = {}
        for _ in range(nexts):
            before = cpu_by_part(server, simulated)
            timed = teacher.evaluate(NEXT_JS)
            step = int(teacher.evaluate("document.querySelector('.tp-step-list').selectedIndex"))
            phase = teacher.get_attribute(".tp-task", "data-phase") or "done"
            timed["key"] = f"{step}:{ {'try': 'try', 'ask': 'ask'}.get(phase, 'show') }"
            moves.append(timed)
            say(f"Next: {timed['key']} painted in {timed['painted'] - timed['clicked']:.0f} ms")
            time.sleep(1.2)
            for part, seconds in cpu_by_part(server, simulated).items():
                spent[part] = spent.get(part, 0.0) + seconds - before.get(part, 0.0)
            if phase == "ask" and students:  # the question: every browser page answers at once
                for page in students:
                    page.wait_for_selector(".tp-answer-choice")
                teacher.evaluate(f"() => {{ window.__tallied = ({TALLIED_JS})({pages}); }}")
                sent = [page.evaluate(f"() => {{ const t = {NOW_JS}; "
                                      "document.querySelectorAll('.tp-answer-choice')[0].click(); return t; }")
                        for page in students]
                answers_ms = teacher.evaluate("window.__tallied") - max(sent)
                answered_over = max(sent) - min(sent)
        painted = [page.evaluate("window.__painted") for page in students]
        teacher.click(".tk-end")
        teacher.click(".tk-end")
        simulated.wait(timeout=120)
        seen = json.loads(out.read_text())
        browser.close()

    teacher_ms, page_ms, sim_ms = [], [], []
    for move in moves:
        teacher_ms.append(move["painted"] - move["clicked"])
        before = len(page_ms), len(sim_ms)
        key = move["key"].replace("show", "revealed") if move["key"] not in seen else move["key"]
        for candidate in (move["key"], key):
            if candidate in seen:
                sim_ms += [t - move["clicked"] for t in seen[candidate]]
                break
        for shown in painted:
            for candidate in (move["key"], key):
                if shown.get(candidate, -1) > 0:
                    page_ms.append(shown[candidate] - move["clicked"])
                    break
        mine, theirs = page_ms[before[0]:], sim_ms[before[1]:]
        say(f"{move['key']}: teacher {teacher_ms[-1]:.0f} ms; pages p50 {percentile(mine, .5):.0f} "
            f"max {max(mine, default=float('nan')):.0f} ms; simulated p50 {percentile(theirs, .5):.0f} "
            f"max {max(theirs, default=float('nan')):.0f} ms")
    print(f"\nNexts {len(moves)}; follower samples: {len(page_ms)} painted in browser pages, "
          f"{len(sim_ms)} received by simulated followers")
    print(f"teacher's own Next -> painted: p50 {statistics.median(teacher_ms):.0f} ms, "
          f"p95 {percentile(teacher_ms, .95):.0f} ms")
    print(f"browser followers: p50 {percentile(page_ms, .5):.0f} ms, p95 {percentile(page_ms, .95):.0f} ms; "
          f"simulated: p50 {statistics.median(sim_ms):.0f} ms, p95 {percentile(sim_ms, .95):.0f} ms")
    print(f"server memory: {rss_before:.0f} MB, with {followers} followers {rss_followers:.0f} MB "
          f"(+{rss_followers - rss_before:.0f} MB)")
    print(f"kernels: {kernels_before} with the teacher, {kernels_followers} with {followers} followers, "
          f"{kernels_all} with {pages} browser pages too")
    print("CPU per Next (ms, the 1.2 s after each click): " + ", ".join(
        f"{part} {1000 * seconds / max(1, len(moves)):.0f}"
        for part, seconds in sorted(spent.items(), key=lambda item: -item[1])))
    print(f"{pages} answers (sent within {answered_over:.0f} ms) tallied on the teacher's page "
          f"{answers_ms:.0f} ms after the last")
    return [
        Row("class p95", f"{pages} pages Next->painted", percentile(page_ms, .95), "teacher Next->painted",
            percentile(teacher_ms, .95), "ms", 2.0,
            note=f"p95 ≤ 500 ms asked; the pages share this machine's cores with the server, the "
                 f"teacher's page and kernel and the simulated followers",
            samples={"pages": page_ms, "teacher": teacher_ms}),
        Row("class p95", f"{followers} sockets Next->received", percentile(sim_ms, .95),
            "teacher Next->painted", percentile(teacher_ms, .95), "ms", 2.0,
            samples={"simulated": sim_ms}),
        Row("class mem", f"+{followers} followers", rss_followers - rss_before, "limit", 100.0, "MB", 1.0,
            note=f"kernels added by {followers} followers and {pages} pages: "
                 f"{kernels_all - kernels_before}"),
        Row("class tally", f"{pages} answers tallied", answers_ms, "limit", 1000.0, "ms", 1.0),
    ]


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--simulate":
        url, code, count, out = sys.argv[2:6]
        asyncio.run(simulate(url, code, int(count), Path(out)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--followers", type=int, default=200)
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--nexts", type=int, default=7)
    options = parser.parse_args()
    rows = run(options.followers, options.pages, options.nexts)
    report("a live class: followers against the teacher", rows)
    print("saved", save("class_follow", rows))


if __name__ == "__main__":
    main()
