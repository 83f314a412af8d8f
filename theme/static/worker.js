// The demo's engine worker: loads Pyodide and the engine archive off the main thread, then
// answers the page's requests through engine.bridge.Session. It knows no game and no rule:
// requests and answers are JSON text, exactly as engine/bridge.py documents them.
// Messages in:  {type: "init", pyodide: URL, engine: URL, lock: JSON text} then {id, request: {...}}.
// Messages out: {type: "ready", start, phases} | {type: "failed", error} | {id, answer: {...}}.
//
// Starting fast: a fresh start (compile Python, import the engine) takes seconds; restoring a
// memory snapshot of an interpreter that has already imported the engine takes a few hundred
// milliseconds. The first start in a browser makes a snapshot and keeps it in Cache Storage,
// keyed by the engine archive's hashed name (Pyodide itself refuses a snapshot of another
// Pyodide build); later starts, on any game page, restore it. Pyodide calls snapshots
// experimental, so any failure falls back to a fresh start, and a snapshot that fails is
// dropped. `start` in the ready message says which way it went: "snapshot", "fresh", or
// "fallback" (a snapshot was there and failed).
const LIB = "/home/pyodide/lib";
const SNAPSHOTS = "patience-rulebook-snapshot"; // one cache, holding the current engine's snapshot only
let session = null;
let pending = [];

async function snapshotCache() {
  try {
    return typeof caches === "undefined" ? null : await caches.open(SNAPSHOTS);
  } catch {
    return null; // no Cache Storage here (not a secure context, or storage refused)
  }
}

// A snapshot is mostly empty memory (about half of its 4 kB pages are all zeros), so it is
// kept sparse: a header (magic, length, page count), one byte per page (1: kept), then the
// kept pages. Half the bytes to store, and to read on every start.
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

function unpackSnapshot(buffer) {
  const bytes = new Uint8Array(buffer);
  const head = new DataView(buffer);
  if (bytes.length < HEAD || head.getUint32(0) !== SPARSE) throw new Error("not a saved start");
  const length = head.getUint32(4);
  const pages = head.getUint32(8);
  if (pages !== Math.ceil(length / PAGE) || bytes.length < HEAD + pages) throw new Error("a damaged saved start");
  const out = new Uint8Array(length);
  let at = HEAD + pages;
  for (let p = 0; p < pages; p++) {
    if (!bytes[HEAD + p]) continue;
    const size = Math.min(PAGE, length - p * PAGE);
    if (at + size > bytes.length) throw new Error("a damaged saved start");
    out.set(bytes.subarray(at, at + size), p * PAGE);
    at += PAGE;
  }
  return out;
}

// {bytes: a promise of the saved snapshot}, read while Pyodide loads its own files (a promise
// inside an object, so that awaiting this function does not wait for the read), or null.
async function savedSnapshot(cache, key) {
  try {
    const found = cache && (await cache.match(key));
    return found ? { bytes: found.arrayBuffer().then(unpackSnapshot) } : null;
  } catch {
    return null;
  }
}

// Python sees the engine under LIB. After a restore the interpreter already holds every
// engine module (engine.bridge imports them all), but the files are not in the snapshot: they
// are unpacked again after the first answers, for anything that reads them later (a
// traceback's source lines, a module a future engine imports lazily).
function unpack(pyodide, archive) {
  pyodide.unpackArchive(archive, "zip", { extractDir: LIB });
}

// How long each part of the start took (ms), sent with "ready" for the play benchmark:
// "loader" (Pyodide's loader imported, the saved snapshot found), "python" (loadPyodide, which
// reads the snapshot meanwhile),
// "engine" (after a fresh start: the engine unpacked and imported; either way its session made).
const phases = {};
let phaseStart = 0;
function phase(name) {
  const now = performance.now();
  phases[name] = Math.round((now - phaseStart) * 10) / 10;
  phaseStart = now;
}

async function init({ pyodide: pyodideUrl, engine: engineUrl, lock }) {
  phaseStart = performance.now();
  const base = new URL(pyodideUrl, self.location.href).href;
  const key = new URL(`/__snapshot__${new URL(pyodideUrl, self.location.href).pathname}${engineUrl.split("/").pop()}`,
    self.location.href).href;
  const archive = fetch(engineUrl).then((r) => {
    if (!r.ok) throw new Error(`engine archive ${engineUrl}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  archive.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  const cache = snapshotCache();
  // Pyodide's loader imports its 1.25 MB runtime script only once the loader itself has
  // arrived and run; imported here, beside the loader, the two arrive in the time of one.
  // (loadPyodide awaits `createPyodideModule` in place of its own import, so a promise will do.)
  const runtime = import(new URL("pyodide.asm.mjs", base).href).then((m) => m.default);
  runtime.catch(() => {}); // awaited by loadPyodide; this only keeps an early failure from going unhandled
  const [{ loadPyodide }, saved] = await Promise.all([import(new URL("pyodide.mjs", base).href),
    cache.then((c) => savedSnapshot(c, key))]);
  const options = { indexURL: base, packages: [], createPyodideModule: runtime };
  if (lock) options.lockFileContents = lock; // no package is loaded: spare fetching the full lock file
  phase("loader");
  if (saved) {
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: saved.bytes });
      phase("python");
      session = pyodide.pyimport("engine.bridge").Session();
      phase("engine");
      const after = () => archive.then((zip) => unpack(pyodide, zip)).catch((err) => {
        console.warn(`The engine's files could not be unpacked: ${err && err.message ? err.message : err}`);
      });
      return { start: "snapshot", after };
    } catch (err) {
      console.warn(`The engine's saved start could not be used, so it starts afresh: ${err && err.message ? err.message : err}`);
      await (await cache).delete(key).catch(() => {});
    }
  }
  const store = await cache;
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: store !== null });
  phase("python");
  unpack(pyodide, await archive);
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(LIB)}); import engine.bridge`);
  let snapshot = null;
  if (store) {
    try {
      snapshot = pyodide.makeMemorySnapshot(); // before the session: nothing of JavaScript's is held yet
    } catch {
      snapshot = null;
    }
  }
  session = pyodide.pyimport("engine.bridge").Session();
  phase("engine");
  return { start: saved ? "fallback" : "fresh", keep: snapshot && (() => keep(store, key, snapshot)) };
}

// Store the snapshot for the next start, in place of any older engine's.
async function keep(cache, key, snapshot) {
  try {
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(packSnapshot(snapshot), { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    // storage full or refused: the next start is a fresh one, as it would be anyway
  }
}

function answer(id, request) {
  const text = session.handle(JSON.stringify(request));
  self.postMessage({ id, answer: JSON.parse(text) });
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    let started;
    try {
      started = await init(msg);
    } catch (err) {
      self.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) });
      return;
    }
    self.postMessage({ type: "ready", start: started.start, phases });
    for (const [id, request] of pending) answer(id, request);
    pending = [];
    // After the first answers, which must not wait for them: storing 30 MB (keep), or
    // unpacking the engine's files again (after; every module is already imported, so
    // requests meanwhile are answered as usual).
    if (started.keep) await started.keep();
    if (started.after) await started.after();
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
