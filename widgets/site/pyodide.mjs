// Run the site's Pyodide under Node at build time (widgets/site/wheels.py calls this).
//
//   node pyodide.mjs compile <pyodide folder> <folder>
//       byte-compile every .py under <folder> with Pyodide's own Python (its .pyc format),
//       as unchecked-hash .pyc files (PEP 552) in __pycache__: valid whatever the files'
//       times after a wheel is unpacked in the browser, so the kernel never compiles them.
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
  const failed = pyodide.runPython(`
import compileall, py_compile, re
ok = compileall.compile_dir("/work", quiet=1, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
ok
`);
  if (!failed) { console.error("some files did not compile"); process.exit(1); }
  console.log(JSON.stringify({ seconds: seconds(started) }));
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
