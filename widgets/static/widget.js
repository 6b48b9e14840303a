// The module anywidget loads (widgets/app.py's _esm). anywidget imports it from a blob: URL,
// where "./app.js" names nothing: it imports the app from where the page serves
// widgets/static (widgets/parts/frontend.py says where), and the browser links the rest.
//   - the page template marks it: <html data-tutor-modules="..."> (Voila, the static site);
//   - else (JupyterLab, a notebook) the Jupyter server's base URL and the template's static
//     folder, which Voila's server extension serves.
function modules() {
  const marked = document.documentElement.dataset.tutorModules;
  if (marked) return new URL(marked, document.baseURI);
  const config = document.getElementById("jupyter-config-data");
  const base = (config && JSON.parse(config.textContent).baseUrl) || "/";
  return new URL(`${base.replace(/\/?$/, "/")}voila/templates/tutor/static/`, document.baseURI);
}

const app = await import(new URL("app.js", modules()).href);
export default app.default;
