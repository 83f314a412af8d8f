// The demo's engine worker: loads Pyodide and the engine archive off the main thread, then
// answers the page's requests through engine.bridge.Session. It knows no game and no rule:
// requests and answers are JSON text, exactly as engine/bridge.py documents them.
// Messages in:  {type: "init", pyodide: URL, engine: URL} then {id, request: {...}}.
// Messages out: {type: "ready"} | {type: "failed", error} | {id, answer: {...}}.
let session = null;
let pending = [];

async function init(pyodideUrl, engineUrl) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", new URL(pyodideUrl, self.location.href)).href);
  const [pyodide, archive] = await Promise.all([
    loadPyodide({ indexURL: new URL(pyodideUrl, self.location.href).href, packages: [] }),
    fetch(engineUrl).then((r) => {
      if (!r.ok) throw new Error(`engine archive ${engineUrl}: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/lib" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib')");
  session = pyodide.pyimport("engine.bridge").Session();
}

function answer(id, request) {
  const text = session.handle(JSON.stringify(request));
  self.postMessage({ id, answer: JSON.parse(text) });
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    try {
      await init(msg.pyodide, msg.engine);
      self.postMessage({ type: "ready" });
      for (const [id, request] of pending) answer(id, request);
      pending = [];
    } catch (err) {
      self.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) });
    }
    return;
  }
  if (session === null) {
    pending.push([msg.id, msg.request]);
    return;
  }
  try {
    answer(msg.id, msg.request);
  } catch (err) {
    self.postMessage({ id: msg.id, answer: { ok: false, error: String(err && err.message ? err.message : err) } });
  }
};
