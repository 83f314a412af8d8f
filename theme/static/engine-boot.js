// Starts a game page's engine worker as early as the page allows: an async script first in
// the head (asked for before the style sheets) runs as soon as it arrives, while the HTML is
// still parsed and before the player's modules (play/) have loaded, which saves a tenth of a
// second on every game page. (The worker's thread is started by this page's thread, so it
// waits while that lays out and paints the first frame: the sooner it is asked for, the less
// it waits.) The
// player (play/link.js) takes the worker over; messages that came before it are kept for it.
// Without this script (it failed, or an old page) the player starts the worker itself.
(function () {
  var data = document.currentScript && document.currentScript.dataset;
  if (!data || !data.worker || typeof Worker === "undefined") return;
  // null: the player has already started its own worker (this script came late); never start a second.
  if (window.patienceRulebookEngine === null) return;
  try {
    performance.mark("engine-boot");
    var init = { type: "init", pyodide: data.pyodide, engine: data.engine, lock: data.lock || "" };
    // Named with its init message, the worker starts without waiting for this thread (worker.js);
    // shared where the browser can, so that the next game page finds it running (play/link.js
    // starts it the same way).
    var options = { type: "module", name: JSON.stringify(init), extendedLifetime: true };
    var worker = typeof SharedWorker === "function" ? new SharedWorker(data.worker, options) : new Worker(data.worker, options);
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
