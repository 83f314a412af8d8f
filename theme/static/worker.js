// The demo's engine worker: loads Pyodide and the engine bundle off the main thread, then
// answers the page's requests through engine.bridge.Session. It knows no game and no rule:
// requests and answers are JSON text, exactly as engine/bridge.py documents them.
// Messages in:  {type: "init", pyodide: URL, engine: URL, lock: JSON text} (or the same JSON as the
//               worker's name, which starts it sooner) then {id, request: {...}};
//               or, alone, {type: "warm", pyodide: URL} (see warm below).
// Messages out: {type: "ready", start, phases} | {type: "failed", error} | {id, answer: {...}} | {type: "warmed"}.
//
// One engine for every game page: where a shared worker can outlive its pages (extendedLifetime,
// Chromium 148 and later), the pages start this script as one (engine-boot.js), named by the
// engine they want, and each page is a client with a port and a bridge session of its own. It
// is still running when the reader opens the next game page, which then plays at once: its
// "ready" says start "running". Elsewhere each page starts its own, a dedicated worker with one
// client (the worker itself).
//
// Starting fast: a fresh start (compile Python, import the engine) takes seconds; restoring a
// memory snapshot of an interpreter that has already imported the engine takes a few hundred
// milliseconds. The first start in a browser makes a snapshot and keeps it in the origin's
// private file system (OPFS), named by Pyodide's version and the engine bundle's hashed name
// (Pyodide itself refuses a snapshot of another Pyodide build); later starts, on any game
// page, restore it. A worker reads an OPFS file synchronously, straight into place: 15 MB in
// about 15 ms, where Cache Storage took 40-70 ms alone and 100-200 ms beside the rest of a
// page's start (streamed through the browser process). Pyodide calls snapshots
// experimental, so any failure falls back to a fresh start, and a snapshot that fails is
// dropped. `start` in the ready message says which way it went: "snapshot", "fresh", or
// "fallback" (a snapshot was there and failed).
const LIB = "/home/pyodide/lib";
const SNAPSHOTS = "patience-rulebook-snapshot"; // an OPFS folder, holding the current engine's snapshot only
const SHARED = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope;
let Session = null; // engine.bridge.Session once the engine has started; each client makes its own
let started = null; // the "ready" message, once started
const clients = new Set(); // {port, session, pending}: a page each (a dedicated worker: itself)

// The snapshots' folder, or null where there is none (no OPFS, not a secure context,
// storage refused): then every start is a fresh one.
async function snapshotFolder() {
  try {
    if (typeof FileSystemFileHandle === "undefined") return null;
    const handles = FileSystemFileHandle.prototype;
    if (!handles.createSyncAccessHandle && !handles.createWritable) return null;
    return await (await navigator.storage.getDirectory()).getDirectoryHandle(SNAPSHOTS, { create: true });
  } catch {
    return null;
  }
}

// A saved file to read: {size(), read(view, at), close()}. In a dedicated worker, its
// synchronous handle, read-only where the browser allows several readers at once (another tab
// starting too; an older browser ignores the mode and locks the file meanwhile); a shared
// worker has none, and reads the file's bytes whole.
async function openSaved(folder, name) {
  const handle = await folder.getFileHandle(name);
  if (handle.createSyncAccessHandle) {
    const file = await handle.createSyncAccessHandle({ mode: "read-only" });
    return { size: () => file.getSize(), read: (view, at) => file.read(view, { at }), close: () => file.close() };
  }
  const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
  return {
    size: () => bytes.length,
    read(view, at) {
      const part = bytes.subarray(at, at + view.length);
      view.set(part);
      return part.length;
    },
    close() {},
  };
}

// A snapshot is mostly empty memory (about half of its 4 kB pages are all zeros), so it is
// kept sparse: a header (magic, length, page count), one byte per page (1: kept), then the
// kept pages. Half the bytes to store, and to read on every start. The magic is written last,
// so a file cut short while written is never taken for a snapshot.
const PAGE = 4096;
const SPARSE = 0x50525331; // "PRS1"
const HEAD = 12;

function packSnapshot(snapshot) {
  const pages = Math.ceil(snapshot.length / PAGE);
  const kept = new Uint8Array(pages);
  const words = new Uint32Array(snapshot.buffer, snapshot.byteOffset, snapshot.length >> 2);
  let count = 0;
  for (let p = 0; p < pages; p++) {
    for (let i = p * (PAGE >> 2), end = Math.min(words.length, (p + 1) * (PAGE >> 2)); i < end; i++) {
      if (words[i] !== 0) {
        kept[p] = 1;
        count++;
        break;
      }
    }
  }
  const out = new Uint8Array(HEAD + pages + count * PAGE);
  const head = new DataView(out.buffer);
  head.setUint32(0, SPARSE);
  head.setUint32(4, snapshot.length);
  head.setUint32(8, pages);
  out.set(kept, HEAD);
  let at = HEAD + pages;
  for (let p = 0; p < pages; p++) {
    if (!kept[p]) continue;
    out.set(snapshot.subarray(p * PAGE, Math.min(snapshot.length, (p + 1) * PAGE)), at);
    at += PAGE;
  }
  return out;
}

// Read a sparse snapshot from a saved file (openSaved), each run of kept pages straight into
// its place in the snapshot.
function readSnapshot(file) {
  const size = file.size();
  const headBytes = new Uint8Array(HEAD);
  const head = new DataView(headBytes.buffer);
  if (size < HEAD || file.read(headBytes, 0) !== HEAD || head.getUint32(0) !== SPARSE) {
    throw new Error("not a saved start");
  }
  const length = head.getUint32(4);
  const pages = head.getUint32(8);
  const kept = new Uint8Array(pages);
  if (pages !== Math.ceil(length / PAGE) || file.read(kept, HEAD) !== pages) throw new Error("a damaged saved start");
  const out = new Uint8Array(length);
  let at = HEAD + pages;
  for (let p = 0; p < pages;) {
    if (!kept[p]) {
      p++;
      continue;
    }
    let end = p;
    while (end < pages && kept[end]) end++;
    const run = out.subarray(p * PAGE, Math.min(length, end * PAGE));
    if (file.read(run, at) !== run.length) throw new Error("a damaged saved start");
    at += (end - p) * PAGE;
    p = end;
  }
  return out;
}

// The saved snapshot; or null: none saved, or it cannot be opened now (another tab is
// writing it); or the Error that says why the file saved is not a snapshot.
async function savedSnapshot(folder, name) {
  let file;
  try {
    file = await openSaved(folder, name);
  } catch {
    return null;
  }
  try {
    return readSnapshot(file);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  } finally {
    file.close();
  }
}

// Python sees the engine under LIB: the bundle is one JSON object, each file's path to its
// source (site_builder/runtime.py: text, which hosts compress). After a restore the interpreter
// already holds every engine module (engine.bridge imports them all), but the files are not in
// the snapshot: they are written again after the first answers, for anything that reads them
// later (a traceback's source lines, a module a future engine imports lazily).
function unpack(pyodide, files) {
  for (const [path, source] of Object.entries(files)) {
    const file = `${LIB}/${path}`;
    pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    pyodide.FS.writeFile(file, source);
  }
}

// How long each part of the start took (ms), sent with "ready" for the play benchmark:
// "loader" (Pyodide's loader imported, and meanwhile the saved snapshot read and, on the same
// thread, the runtime script compiled), "python" (loadPyodide), "engine" (after a fresh
// start: the engine unpacked and imported; either way its bridge found).
const phases = {};
let phaseStart = 0;
function phase(name) {
  const now = performance.now();
  phases[name] = Math.round((now - phaseStart) * 10) / 10;
  phaseStart = now;
}

// Pyodide fetches its WebAssembly (9.6 MB) and standard library (2.5 MB) itself, with
// fetch(), once its loader has run. Both are asked for here at the start instead, and from the
// offline copy straight where it holds them (not through the service worker, which must start
// first and then pass 12 MB along); `fetch` hands Pyodide these answers when it asks.
function fetchEarly(urls) {
  const plain = self.fetch;
  const early = new Map(urls.map((url) => {
    const cached = typeof caches === "undefined" ? Promise.resolve(undefined) : caches.match(url).catch(() => undefined);
    return [url, cached.then((hit) => hit || plain.call(self, url))];
  }));
  self.fetch = function (input, options) {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : null;
    const plainRequest = !options || Object.keys(options).length === 0; // Pyodide passes {} (no integrity)
    const answer = url !== null && plainRequest && early.get(url);
    if (!answer) return plain.call(this, input, options);
    early.delete(url);
    if (!early.size) self.fetch = plain;
    return answer;
  };
}

// Pyodide's runtime links about 260 JavaScript functions into the WebAssembly table at every
// start, each through a tiny WebAssembly module made for its signature and compiled anew
// (Emscripten's convertJsFunctionToWasm: `new WebAssembly.Module(bytes)`, then an instance).
// They have 29 signatures between them, and a module can be instantiated any number of times,
// so while Pyodide starts, such tiny modules are compiled once per signature and then reused:
// 7 ms instead of 17 ms of a start. Any other module (Pyodide's own 9.6 MB is compiled by
// streaming anyway) passes untouched, and once Pyodide has started the constructor is its own again.
const TINY = 128; // bytes: a signature's module is about 30
function sharingTinyModules() {
  const Compiled = WebAssembly.Module;
  const made = new Map();
  WebAssembly.Module = new Proxy(Compiled, {
    construct(target, args, newTarget) {
      const bytes = args[0];
      if (args.length !== 1 || !(bytes instanceof Uint8Array) || bytes.length > TINY) return Reflect.construct(target, args, newTarget);
      const key = String.fromCharCode(...bytes);
      let module = made.get(key);
      if (!module) made.set(key, (module = Reflect.construct(target, args, newTarget)));
      return module;
    },
  });
  return () => { WebAssembly.Module = Compiled; };
}

async function init({ pyodide: pyodideUrl, engine: engineUrl, lock }) {
  phaseStart = performance.now();
  const base = new URL(pyodideUrl, self.location.href).href;
  const name = `pyodide-${new URL(base).pathname.split("/").filter(Boolean).pop()}-${engineUrl.split("/").pop()}`;
  const bundle = fetch(engineUrl).then((r) => {
    if (!r.ok) throw new Error(`engine bundle ${engineUrl}: HTTP ${r.status}`);
    return r.json();
  });
  bundle.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  fetchEarly(["pyodide.asm.wasm", "python_stdlib.zip"].map((file) => new URL(file, base).href));
  const folder = snapshotFolder();
  // Pyodide's loader imports its 1.25 MB runtime script only once the loader itself has
  // arrived and run; imported here, beside the loader, the two arrive in the time of one.
  // (loadPyodide awaits `createPyodideModule` in place of its own import, so a promise will do.)
  const runtime = import(new URL("pyodide.asm.mjs", base).href).then((m) => m.default);
  runtime.catch(() => {}); // awaited by loadPyodide; this only keeps an early failure from going unhandled
  const [{ loadPyodide }, saved] = await Promise.all([import(new URL("pyodide.mjs", base).href),
    folder.then((f) => f && savedSnapshot(f, name))]);
  const options = { indexURL: base, packages: [], createPyodideModule: runtime };
  if (lock) options.lockFileContents = lock; // no package is loaded: spare fetching the full lock file
  phase("loader");
  const stopSharing = sharingTinyModules();
  try {
    return await start(loadPyodide, options, saved, folder, name, bundle);
  } finally {
    stopSharing();
  }
}

// Python started: from the saved snapshot if there is one, else afresh (and a snapshot made).
async function start(loadPyodide, options, saved, folder, name, bundle) {
  if (saved) {
    try {
      if (saved instanceof Error) throw saved;
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: saved });
      phase("python");
      Session = pyodide.pyimport("engine.bridge").Session;
      phase("engine");
      const after = () => bundle.then((files) => unpack(pyodide, files)).catch((err) => {
        console.warn(`The engine's files could not be unpacked: ${reason(err)}`);
      });
      return { start: "snapshot", after };
    } catch (err) {
      console.warn(`The engine's saved start could not be used, so it starts afresh: ${reason(err)}`);
      await (await folder).removeEntry(name).catch(() => {});
    }
  }
  const store = await folder;
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: store !== null });
  phase("python");
  unpack(pyodide, await bundle);
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(LIB)}); import engine.bridge`);
  let snapshot = null;
  if (store) {
    try {
      snapshot = pyodide.makeMemorySnapshot(); // before the session: nothing of JavaScript's is held yet
    } catch {
      snapshot = null;
    }
  }
  Session = pyodide.pyimport("engine.bridge").Session;
  phase("engine");
  return { start: saved ? "fallback" : "fresh", keep: snapshot && (() => keep(store, name, snapshot)) };
}

// Store the snapshot for the next start, in place of any older engine's: written under a
// name of its own (PART), then renamed, so a start never meets a snapshot half written.
const PART = ".part";
async function keep(folder, name, snapshot) {
  try {
    const names = [];
    for await (const other of folder.keys()) names.push(other);
    for (const old of names) if (old !== name) await folder.removeEntry(old).catch(() => {});
    const packed = packSnapshot(snapshot);
    const handle = await folder.getFileHandle(name + PART, { create: true });
    await (handle.createSyncAccessHandle ? writeNow(handle, packed) : writeLater(handle, packed));
    await handle.move(name);
  } catch {
    // storage full or refused, or another tab writing it: the next start is a fresh one, as it would be anyway
    await folder.removeEntry(name + PART).catch(() => {});
  }
}

// A dedicated worker writes through a synchronous handle, the magic last: a file cut short is
// never taken for a snapshot.
async function writeNow(handle, packed) {
  const file = await handle.createSyncAccessHandle();
  try {
    file.truncate(0);
    file.write(packed.subarray(4), { at: 4 });
    file.flush();
    file.write(packed.subarray(0, 4), { at: 0 });
    file.flush();
  } finally {
    file.close();
  }
}

// A shared worker has no synchronous handles: a writable stream, whose file changes only
// when it is closed, whole.
async function writeLater(handle, packed) {
  const file = await handle.createWritable();
  await file.write(packed);
  await file.close();
}

// What went wrong, as words: an Error's message, or whatever else was thrown.
function reason(err) {
  return String(err && err.message ? err.message : err);
}

// A client's answer, from its own session of the bridge (a page's game).
function answer(client, id, request) {
  if (client.session === null) client.session = Session();
  let reply;
  try {
    reply = JSON.parse(client.session.handle(JSON.stringify(request)));
  } catch (err) {
    reply = { ok: false, error: reason(err) };
  }
  client.port.postMessage({ id, answer: reply });
}

// A worker started only to have Pyodide's scripts compiled once more (offline.js, on the first
// game page, once they are kept): Chromium keeps a script's compiled code only when it runs a
// second time, so without this the next game page would compile them again.
async function warm({ pyodide: pyodideUrl }) {
  const base = new URL(pyodideUrl, self.location.href).href;
  await Promise.all(["pyodide.mjs", "pyodide.asm.mjs"].map((file) => import(new URL(file, base).href)));
}

// Tell a client the engine is ready, and answer what it asked meanwhile.
function greet(client, ready) {
  client.port.postMessage(ready);
  for (const [id, request] of client.pending) answer(client, id, request);
  client.pending = [];
}

// Start the engine, once: from the worker's name, or from an "init" message.
let booted = false;
async function boot(msg) {
  if (booted) return;
  booted = true;
  let how;
  try {
    how = await init(msg);
  } catch (err) {
    const failed = { type: "failed", error: reason(err) };
    for (const client of clients) client.port.postMessage(failed);
    // A shared worker that failed ends, so that the next page starts a new one and tries again.
    if (SHARED) self.close();
    return;
  }
  started = { type: "ready", start: how.start, phases };
  for (const client of clients) greet(client, started);
  // After the first answers, which must not wait for them: storing 30 MB (keep), or
  // unpacking the engine's files again (after; every module is already imported, so
  // requests meanwhile are answered as usual).
  if (how.keep) await how.keep();
  if (how.after) await how.after();
}

// A page on the line: its messages, and its session dropped when it goes (where ports say so).
function serve(port) {
  const client = { port, session: null, pending: [] };
  clients.add(client);
  port.onmessage = async (event) => {
    const msg = event.data;
    if (msg.type === "warm") {
      await warm(msg).catch(() => {});
      port.postMessage({ type: "warmed" });
    } else if (msg.type === "init") {
      boot(msg);
    } else if (started === null) {
      client.pending.push([msg.id, msg.request]);
    } else {
      answer(client, msg.id, msg.request);
    }
  };
  if (SHARED) {
    port.addEventListener("close", () => {
      clients.delete(client);
      if (client.session) client.session.destroy();
    });
  }
  // A page that comes to an engine already started: it plays at once.
  if (started !== null) greet(client, { type: "ready", start: "running", phases: {} });
}

if (SHARED) self.onconnect = (event) => serve(event.ports[0]);
else serve(self);

// The page names the worker with its "init" message (JSON), so that the worker starts as soon
// as its script has run: a message posted to a new worker waits for the page's thread to pass
// it on, which, busy parsing, styling and running the player's modules, took 30 ms and more.
if (self.name.startsWith("{")) {
  let msg = null;
  try {
    msg = JSON.parse(self.name);
  } catch {
    msg = null; // not ours: the "init" message will come
  }
  if (msg && msg.type === "init") boot(msg);
}
