// Every name an ES module reads that it neither declares nor imports anywhere in it (a missing
// import is a ReferenceError only when its line runs), and the names Node's own global object
// has: run by tests/widgets/test_module_names.py. Node's bundled acorn parses, its walk collects.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(import.meta.url);
const acorn = require("internal/deps/acorn/acorn/dist/acorn");
const walk = require("internal/deps/acorn/acorn-walk/dist/walk");

const found = {};
for (const file of process.argv.slice(2)) {
  const ast = acorn.parse(readFileSync(file, "utf8"), { ecmaVersion: "latest", sourceType: "module", locations: true });
  const declared = new Set();
  const bind = (pattern) => {
    if (!pattern) return;
    switch (pattern.type) {
      case "Identifier": declared.add(pattern.name); break;
      case "ObjectPattern": pattern.properties.forEach((p) => bind(p.type === "RestElement" ? p.argument : p.value)); break;
      case "ArrayPattern": pattern.elements.forEach(bind); break;
      case "RestElement": bind(pattern.argument); break;
      case "AssignmentPattern": bind(pattern.left); break;
    }
  };
  walk.full(ast, (node) => {
    if (node.type === "ImportSpecifier" || node.type === "ImportDefaultSpecifier" || node.type === "ImportNamespaceSpecifier") bind(node.local);
    if (node.type === "VariableDeclarator") bind(node.id);
    if (/Function/.test(node.type)) { bind(node.id); node.params.forEach(bind); }
    if (node.type === "ClassDeclaration" || node.type === "ClassExpression") bind(node.id);
    if (node.type === "CatchClause") bind(node.param);
  });
  const read = [];
  walk.fullAncestor(ast, (node, _state, ancestors) => {
    if (node.type !== "Identifier") return;
    const parent = ancestors[ancestors.length - 2];
    if (!parent) return;
    if (parent.type === "MemberExpression" && parent.property === node && !parent.computed) return;
    if ((parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition")
        && parent.key === node && !parent.computed && !parent.shorthand) return;
    if (/Label|Break|Continue|MetaProperty|Export|Import/.test(parent.type)) return;
    if (!declared.has(node.name)) read.push(`${node.name}:${node.loc.start.line}`);
  });
  found[file] = [...new Set(read)];
}
const node = ["process", "Buffer", "global", "require", "module", "setImmediate", "clearImmediate"];
const builtins = Object.getOwnPropertyNames(globalThis).filter((name) => !node.includes(name));
process.stdout.write(JSON.stringify({ found, builtins }));
