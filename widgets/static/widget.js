// The module anywidget loads (widgets/app.py's _esm). anywidget imports it from a blob: URL,
// where "./app.js" names nothing: it imports the app from where the page serves
// widgets/static (widgets/parts/frontend.py says where), and the browser links the rest.
//   - the page template marks it: <html data-tutor-modules="..."> (Voila, the static site);
//   - else (JupyterLab, a notebook) the Jupyter server's base URL and the template's static
//     folder, which Voila's server extension serves.
//
// The app's modules are fetched at once but not awaited here: anywidget gives a widget's module
// 2 s to load before it logs that the model failed to initialize, and on a slow link (a phone
// on school Wi-Fi, a busy server) the app's ~25 modules take longer. ``render`` waits for them.
function modules() {
  const marked = document.documentElement.dataset.tutorModules;
  if (marked) return new URL(marked, document.baseURI);
  const config = document.getElementById("jupyter-config-data");
  const base = (config && JSON.parse(config.textContent).baseUrl) || "/";
  return new URL(`${base.replace(/\/?$/, "/")}voila/templates/tutor/static/`, document.baseURI);
}

const app = import(new URL("app.js", modules()).href);
export default { render: async (context) => (await app).default.render(context) };
