// Run the site's Pyodide under Node at build time (sitebuild/wheels.py calls this).
//
//   node pyodide.mjs compile <pyodide folder> <trees.json>
//       byte-compile the listed .py files of each tree (an unpacked wheel, the standard
//       library) with Pyodide's own Python (its .pyc format) into sourceless .pyc in their
//       place, as Pyodide's own distribution ships its packages, named in tracebacks by
//       where they are in the browser (the tree's prefix); without column ranges, and
//       without docstrings but in the top-level packages the tree's keep_docs names.
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
  // no column ranges in the code objects (PEP 657's carets under a traceback's line): a
  // fifth of a .pyc's bytes; tracebacks keep their files and lines
  const pyodide = await loadPyodide({ indexURL: folder + path.sep, ...quiet,
                                      env: { PYTHONNODEBUGRANGES: "1" } });
  let compiled = 0;
  for (const tree of trees) {
    pyodide.FS.mkdirTree("/work");
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(tree.dir) }, "/work");
    pyodide.globals.set("files", pyodide.toPy(tree.compile));
    pyodide.globals.set("prefix", tree.prefix);
    pyodide.globals.set("keep_docs", pyodide.toPy(tree.keep_docs ?? []));
    compiled += pyodide.runPython(`
import ast, os, importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc


def undocumented(tree):
    """The module without its docstrings (as python -OO, asserts kept): __doc__ is None."""
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and node.body and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)
                and isinstance(node.body[0].value.value, str)):
            line = node.body.pop(0).lineno
            if not node.body:  # a module may be empty, not a class or a function
                node.body.append(ast.Pass(lineno=line, col_offset=0))
    return tree


done = 0
for name in files:
    source = "/work/" + name
    if not name.endswith(".py") or not os.path.isfile(source):
        continue
    with open(source, "rb") as handle:
        text = handle.read()
    try:
        tree = ast.parse(text, prefix + name)
        if name.split("/")[0].removesuffix(".py") not in keep_docs:
            tree = undocumented(tree)
        code = compile(tree, prefix + name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        continue  # a file that does not compile here keeps its source
    with open(source + "c", "wb") as handle:
        handle.write(_code_to_hash_pyc(code, importlib.util.source_hash(text), False))
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
