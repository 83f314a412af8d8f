// The page's line to the engine: a module Web Worker running Pyodide and engine.bridge.
// Requests and answers are the bridge's JSON (engine/bridge.py); nothing here knows a rule.

export class EngineLink {
  constructor(urls, onFail) {
    this.next = 1;
    this.waiting = new Map();
    this.worker = new Worker(urls.worker, { type: "module" });
    this.worker.onmessage = (e) => this.receive(e.data, onFail);
    this.worker.onerror = (e) => onFail(e.message || "the engine worker failed");
    this.worker.postMessage({ type: "init", pyodide: urls.pyodide, engine: urls.engine });
  }

  // One request; resolves with the bridge's answer ({ok, view, record, steps, moves, ...}).
  send(request) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, request });
    });
  }

  receive(msg, onFail) {
    if (msg.type === "failed") return onFail(msg.error);
    if (msg.type === "ready") return;
    const resolve = this.waiting.get(msg.id);
    this.waiting.delete(msg.id);
    if (resolve) resolve(msg.answer);
  }
}
