// Run the site's Pyodide under Node at build time (widgets/site/wheels.py calls this).
//
//   node pyodide.mjs compile <pyodide folder> <folder>
//       byte-compile every .py under <folder>/<n>/ (an unpacked wheel each) with Pyodide's own
//       Python (its .pyc format) into a sourceless .pyc in its place, as Pyodide's own
//       distribution ships its packages: the kernel never compiles, and downloads no source.
//   node pyodide.mjs smoke <pyodide folder> <package>...
//       load the packages from the folder's pyodide-lock.json, import the kernel, print
//       seconds per stage as JSON.
import { pathToFileURL } from "node:url";
import path from "node:path";

const [command, folder, ...rest] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const started = performance.now();
const seconds = (since) => Math.round(performance.now() - since) / 1000;
const quiet = { stdout: () => {}, stderr: (text) => process.stderr.write(text + "\n") };

if (command === "compile") {
  const pyodide = await loadPyodide({ indexURL: folder + path.sep, ...quiet });
  const target = path.resolve(rest[0]);
  pyodide.FS.mkdirTree("/work");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: target }, "/work");
  // every module as a .pyc in its place (sourceless, as Pyodide's own distribution ships its
  // packages), named in tracebacks by where it is installed; a file that does not compile
  // (a deliberate syntax error in a test, Python 2 code) keeps its source
  const counts = pyodide.runPython(`
import os, py_compile, sys
site = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
compiled = kept = 0
for top in sorted(os.listdir("/work")):
    base = os.path.join("/work", top)
    for folder, _dirs, files in os.walk(base):
        for name in files:
            if not name.endswith(".py"):
                continue
            source = os.path.join(folder, name)
            shown = site + os.path.relpath(source, base)
            try:
                py_compile.compile(source, cfile=source + "c", dfile=shown, doraise=True)
            except py_compile.PyCompileError:
                kept += 1
                continue
            os.remove(source)
            compiled += 1
[compiled, kept]
`).toJs();
  console.log(JSON.stringify({ seconds: seconds(started), compiled: counts[0], kept: counts[1] }));
} else if (command === "smoke") {
  const times = {};
  let since = performance.now();
  const pyodide = await loadPyodide({ indexURL: folder + path.sep, ...quiet });
  times.runtime = seconds(since);
  since = performance.now();
  await pyodide.loadPackage(rest, { messageCallback: () => {} });
  times.packages = seconds(since);
  since = performance.now();
  pyodide.runPython("import pyodide_kernel");
  times.kernel = seconds(since);
  since = performance.now();
  pyodide.runPython("import widgets.app");
  times.app = seconds(since);
  console.log(JSON.stringify(times));
} else {
  console.error("usage: node pyodide.mjs compile|smoke <pyodide folder> ...");
  process.exit(2);
}
