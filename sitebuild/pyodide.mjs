// Run the site's Pyodide under Node at build time (sitebuild/wheels.py calls this).
//
//   node pyodide.mjs compile <pyodide folder> <trees.json>
//       byte-compile the listed .py files of each tree (an unpacked wheel, the standard
//       library) with Pyodide's own Python (its .pyc format) into sourceless .pyc in their
//       place, as Pyodide's own distribution ships its packages, named in tracebacks by
//       where they are in the browser (the tree's prefix).
//   node pyodide.mjs profile <pyodide folder> <kernel_profile.py>
//       load every package of the folder's lock, run kernel_profile.py's visit, print the
//       files of the modules imported (JSON) and seconds per stage.
import { pathToFileURL } from "node:url";
import path from "node:path";

const [command, folder, ...rest] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const started = performance.now();
const seconds = (since) => Math.round(performance.now() - since) / 1000;
const quiet = { stdout: () => {}, stderr: (text) => process.stderr.write(text + "\n") };

if (command === "compile") {
  // rest[0]: a JSON list of {dir, prefix, compile: [paths relative to dir]}
  const fs = await import("node:fs");
  const trees = JSON.parse(fs.readFileSync(rest[0], "utf8"));
  const pyodide = await loadPyodide({ indexURL: folder + path.sep, ...quiet });
  let compiled = 0;
  for (const tree of trees) {
    pyodide.FS.mkdirTree("/work");
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(tree.dir) }, "/work");
    pyodide.globals.set("files", pyodide.toPy(tree.compile));
    pyodide.globals.set("prefix", tree.prefix);
    compiled += pyodide.runPython(`
import os, py_compile
done = 0
for name in files:
    source = "/work/" + name
    if not name.endswith(".py") or not os.path.isfile(source):
        continue
    try:
        py_compile.compile(source, cfile=source + "c", dfile=prefix + name, doraise=True)
    except py_compile.PyCompileError:
        continue  # a file that does not compile here keeps its source
    os.remove(source)
    done += 1
done
`);
    pyodide.FS.unmount("/work");
  }
  console.log(JSON.stringify({ seconds: seconds(started), compiled }));
} else if (command === "profile") {
  // what a visit imports: the lock's packages loaded, then kernel_profile.py's main()
  const fs = await import("node:fs");
  const times = {};
  let since = performance.now();
  const pyodide = await loadPyodide({ indexURL: folder + path.sep, ...quiet });
  times.runtime = seconds(since);
  const lock = JSON.parse(fs.readFileSync(path.join(folder, "pyodide-lock.json"), "utf8"));
  since = performance.now();
  await pyodide.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
  times.packages = seconds(since);
  since = performance.now();
  let found;
  try {
    pyodide.runPython(fs.readFileSync(rest[0], "utf8"));
    found = JSON.parse(await pyodide.runPythonAsync("await main()"));
  } catch (error) {
    console.error(String(error.message || error).trim().split("\n").slice(-12).join("\n"));
    process.exit(1);
  }
  times.visit = seconds(since);
  console.log(JSON.stringify({ ...found, seconds: times }));
} else {
  console.error("usage: node pyodide.mjs compile|profile <pyodide folder> ...");
  process.exit(2);
}
