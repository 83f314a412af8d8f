// Starts a game page's engine worker as early as the page allows: an async script first in
// the head (asked for before the style sheets) runs as soon as it arrives, while the HTML is
// still parsed and before the player's modules (play/) have loaded, which saves a tenth of a
// second on every game page. (The worker's thread is started by this page's thread, so it
// waits while that lays out and paints the first frame: the sooner it is asked for, the less
// it waits.) The
// player (play/link.js) takes the worker over; messages that came before it are kept for it.
// Without this script (it failed, or an old page) the player starts the worker itself.
(function () {
  // Whether this browser's shared workers can outlive their pages (the extendedLifetime option,
  // Chromium 148 and later). A browser reads the options it knows before it parses the script's
  // address, so a bad address asks without starting a worker. Elsewhere a shared worker would
  // end with its page anyway, and, having no synchronous file handles, might have no way to keep
  // the saved start (worker.js): each page then starts a worker of its own.
  function lasting() {
    if (typeof SharedWorker !== "function") return false;
    var read = false;
    try {
      new SharedWorker("http://[", { get extendedLifetime() { read = true; return false; } });
    } catch (err) {
      // the bad address, as meant
    }
    return read;
  }
  var data = document.currentScript && document.currentScript.dataset;
  if (!data || !data.worker || typeof Worker === "undefined") return;
  // null: the player has already started its own worker (this script came late); never start a second.
  if (window.patienceRulebookEngine === null) return;
  try {
    performance.mark("engine-boot");
    var init = { type: "init", pyodide: data.pyodide, engine: data.engine, lock: data.lock || "" };
    // Named with its init message, the worker starts without waiting for this thread (worker.js);
    // shared where it can outlive the page, so that the next game page finds it running.
    var options = { type: "module", name: JSON.stringify(init), extendedLifetime: true };
    var worker = lasting() ? new SharedWorker(data.worker, options) : new Worker(data.worker, options);
    var port = worker.port || worker;
    var early = [];
    port.onmessage = function (event) { early.push({ data: event.data, at: performance.now() }); };
    worker.onerror = function (event) {
      early.push({ data: { type: "failed", error: event.message || "the engine worker failed" }, at: performance.now() });
    };
    window.patienceRulebookEngine = { worker: worker, port: port, early: early, engine: data.engine };
  } catch (err) {
    // the player will try again, and say what failed
  }
})();
