// On every page: keep the rulebook in this browser for offline reading and play, through the
// service worker /sw.js (theme/sw.js, docs/offline.md), and let the reader remove that copy.
//
// The worker is registered only once the page is settled (loaded, and on a game page once
// its demo has started and the page has then been idle: no input for QUIET_MS, and an idle
// moment of the browser), so that saving the site never slows the first game or its first
// moves. On a game page
// the worker is then asked to keep the demo's runtime, and on the first one Pyodide's scripts
// are run once more so that later game pages find them compiled (warm, below). <html data-offline> tells the state:
// "saved" (pages), "playable" (pages and the demos' engine), "off" (the reader turned it off).
// A browser without service workers, or one that refuses them, simply stays online-only.
const OFF_KEY = "patience-rulebook:offline";
const PREFIX = "patience-rulebook-";
const root = document.documentElement;
const note = document.querySelector("[data-offline-note]");

function turnedOff() {
  try {
    return localStorage.getItem(OFF_KEY) === "off";
  } catch {
    return false;
  }
}

function show(state) {
  root.dataset.offline = state;
  if (!note) return;
  const text = note.querySelector("[data-offline-text]");
  const button = note.querySelector("button");
  if (state === "off") {
    text.textContent = "This browser keeps no offline copy of the rulebook.";
    button.textContent = "Keep an offline copy";
  } else {
    text.textContent = state === "playable"
      ? "Saved in this browser: every page and every game works offline."
      : "Saved in this browser: every page reads offline; the games too, once one has been played.";
    button.textContent = "Remove the offline copy";
  }
  note.hidden = false;
}

// On a game page, the copy waits for a pause in play: this long with no input.
const QUIET_MS = 2000;
const INPUTS = ["pointerdown", "keydown", "wheel", "touchstart"];

function idle() {
  return new Promise((resolve) => {
    let timer = null;
    const quiet = () => {
      for (const type of INPUTS) window.removeEventListener(type, restart, true);
      if (window.requestIdleCallback) requestIdleCallback(() => resolve(), { timeout: 5000 });
      else resolve();
    };
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(quiet, QUIET_MS);
    };
    for (const type of INPUTS) window.addEventListener(type, restart, { capture: true, passive: true });
    restart();
  });
}

function settled() {
  const loaded = document.readyState === "complete" ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  const demo = document.querySelector("section.demo[data-engine]");
  if (!demo) return loaded.then(() => null);
  const started = () => !["static", "loading"].includes(demo.dataset.status);
  return loaded.then(() => new Promise((resolve) => {
    if (started()) return resolve();
    const watch = new MutationObserver(() => {
      if (started()) {
        watch.disconnect();
        resolve();
      }
    });
    watch.observe(demo, { attributes: true, attributeFilter: ["data-status"] });
  })).then(idle).then(() => demo);
}

function ask(worker, message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

async function keep() {
  const demo = await settled();
  await navigator.serviceWorker.register("/sw.js");
  const registration = await navigator.serviceWorker.ready;
  if (turnedOff()) return; // turned off while the page was loading
  const playing = demo && demo.dataset.status !== "error";
  const answer = await ask(registration.active, { type: playing ? "keep-demo" : "status" });
  if (playing && answer && answer.playable && demo.dataset.engineStart !== "snapshot") await warm(demo);
  show(answer && answer.playable ? "playable" : "saved");
}

// Chromium keeps a script's compiled code (V8's code cache) only once the script has run a second
// time, and module scripts get none at install time, so the next game page would compile
// Pyodide's 1.25 MB runtime script again, about 60 ms of its start. After the first game page's
// engine has started afresh and the service worker holds Pyodide, a short-lived worker runs
// those scripts once more from the kept copy; every later game page then starts with them
// compiled. A failure only loses the time saved.
const WARM_WAIT = 10000; // ms
function warm(demo) {
  return new Promise((resolve) => {
    let worker;
    const done = () => {
      clearTimeout(timer);
      if (worker) worker.terminate();
      resolve();
    };
    const timer = setTimeout(done, WARM_WAIT);
    try {
      worker = new Worker(demo.dataset.worker, { type: "module" });
      worker.onmessage = done;
      worker.onerror = done;
      worker.postMessage({ type: "warm", pyodide: demo.dataset.pyodide });
    } catch {
      done();
    }
  });
}

async function remove() {
  for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
  // The engine's saved start (theme/static/worker.js), in the origin's private file system.
  const files = navigator.storage && navigator.storage.getDirectory ? await navigator.storage.getDirectory().catch(() => null) : null;
  if (files) await files.removeEntry(`${PREFIX}snapshot`, { recursive: true }).catch(() => {});
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  if (turnedOff()) show("off");
  else keep().catch(() => {}); // no offline copy: the site works online as before
  if (note) {
    note.querySelector("button").addEventListener("click", () => {
      const off = root.dataset.offline === "off";
      try {
        if (off) localStorage.removeItem(OFF_KEY);
        else localStorage.setItem(OFF_KEY, "off");
      } catch {
        // storage refused: the choice lasts this page only
      }
      if (off) {
        show("saved");
        keep().catch(() => {});
      } else {
        remove().then(() => show("off"), () => show("off"));
      }
    });
  }
}
