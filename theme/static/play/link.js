// The page's line to the engine: a module Web Worker running Pyodide and engine.bridge.
// Requests and answers are the bridge's JSON (engine/bridge.py); nothing here knows a rule.

export class EngineLink {
  // urls: the demo root's dataset (worker, pyodide, engine, lock). onReady(start) learns how
  // the worker started: "snapshot", "fresh" or "fallback" (see worker.js).
  constructor(urls, onFail, onReady = () => {}) {
    this.next = 1;
    this.waiting = new Map();
    this.worker = new Worker(urls.worker, { type: "module" });
    this.worker.onmessage = (e) => this.receive(e.data, onFail, onReady);
    this.worker.onerror = (e) => onFail(e.message || "the engine worker failed");
    this.worker.postMessage({ type: "init", pyodide: urls.pyodide, engine: urls.engine, lock: urls.lock || "" });
  }

  // One request; resolves with the bridge's answer ({ok, view, record, steps, moves, ...}).
  send(request) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, request });
    });
  }

  receive(msg, onFail, onReady) {
    if (msg.type === "failed") return onFail(msg.error);
    if (msg.type === "ready") return onReady(msg.start);
    const resolve = this.waiting.get(msg.id);
    this.waiting.delete(msg.id);
    if (resolve) resolve(msg.answer);
  }
}
