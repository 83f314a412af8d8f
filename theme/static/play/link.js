// The page's line to the engine: a module Web Worker running Pyodide and engine.bridge, shared
// by the game pages where engine-boot.js could start it so (see worker.js), else the page's own.
// Requests and answers are the bridge's JSON (engine/bridge.py); nothing here knows a rule.

export class EngineLink {
  // urls: the demo root's dataset (worker, pyodide, engine, lock). onReady(start) learns how
  // the engine started: "snapshot", "fresh" or "fallback", or "running" where another page
  // had started it (see worker.js).
  constructor(urls, onFail, onReady = () => {}) {
    this.next = 1;
    this.waiting = new Map();
    // The worker the head's engine-boot.js started while the page loaded, if it did (for this engine).
    const booted = window.patienceRulebookEngine;
    window.patienceRulebookEngine = null; // taken: a late engine-boot.js then starts nothing
    if (booted && booted.engine === urls.engine) {
      this.worker = booted.worker;
      this.port = booted.port || booted.worker;
    } else {
      // The page's own worker (engine-boot.js failed or came late); named, it starts at once (worker.js).
      const init = { type: "init", pyodide: urls.pyodide, engine: urls.engine, lock: urls.lock || "" };
      this.worker = new Worker(urls.worker, { type: "module", name: JSON.stringify(init) });
      this.port = this.worker;
    }
    this.port.onmessage = (e) => this.receive(e.data, onFail, onReady);
    this.worker.onerror = (e) => onFail(e.message || "the engine worker failed");
    for (const { data, at } of booted && booted.worker === this.worker ? booted.early : []) {
      this.receive(data, onFail, onReady, at);
    }
  }

  // One request; resolves with the bridge's answer ({ok, view, record, steps, moves, ...}).
  send(request) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.port.postMessage({ id, request });
    });
  }

  receive(msg, onFail, onReady, at = performance.now()) {
    if (msg.type === "failed") return onFail(msg.error);
    if (msg.type === "ready") {
      performance.mark("engine-ready", { startTime: at, detail: { start: msg.start, phases: msg.phases } });
      return onReady(msg.start);
    }
    const resolve = this.waiting.get(msg.id);
    this.waiting.delete(msg.id);
    if (resolve) resolve(msg.answer);
  }
}
