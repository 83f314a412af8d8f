// The rulebook's service worker: every page readable, every demo playable and search
// working with no network, once any page has been visited (docs/offline.md).
// OFFLINE, written above by the builder: {build, pyodide, shell: [URL], demo: [URL]}.
//
// Caches (all named "patience-rulebook-..."; others of that name are old and deleted when
// this worker activates):
//   SHELL     this build's pages, hashed assets, search index and icons, kept at install;
//             the engine archive joins it once a demo has run;
//   PYODIDE   Pyodide's files, named by its version: a new build with the same Pyodide
//             keeps them, so 13 MB are not fetched again.
// (The engine worker's saved start is a file in the origin's private file system, which
// theme/static/worker.js manages; an older build kept it in a cache, deleted here.)
// Pages and the search index's entry files go to the network first, so a new build is never
// hidden behind a stale page, and fall back to this build's copy; hashed assets and Pyodide,
// whose names change with their contents, come from the cache first.
const PREFIX = "patience-rulebook-";
const SHELL = `${PREFIX}${OFFLINE.build}`;
const PYODIDE = `${PREFIX}pyodide-${OFFLINE.pyodide}`;
const KEPT = new Set(OFFLINE.shell);

function cacheFor(path) {
  return path.startsWith("/pyodide/") ? PYODIDE : SHELL;
}

// (caches.match with a cacheName never creates the cache, as caches.open would.)
function cached(url) {
  return caches.match(url, { cacheName: cacheFor(new URL(url, self.location.href).pathname) });
}

// Whether this browser has every file of the demos (then every game plays offline).
async function playable() {
  return (await Promise.all(OFFLINE.demo.map(cached))).every(Boolean);
}

// The demo's runtime, into its caches; what is there already (or in the HTTP cache, which
// `add` consults first) costs nothing.
async function keepDemo() {
  for (const url of OFFLINE.demo) {
    if (await cached(url)) continue;
    const cache = await caches.open(cacheFor(url));
    await cache.add(url);
  }
}

// Hashed assets and Pyodide, whose names change with their contents, come straight from the
// caches where the browser can route requests without this worker (Chromium's static routing,
// `addRoutes`): no wait for this worker to start, no detour through its JavaScript. That is
// most of a game page's requests, the engine worker's 13 MB included. A miss goes to the
// network; `cacheFirst` below serves them in other browsers.
const ROUTES = ["/assets/*", "/pyodide/*"].map((urlPattern) => ({
  condition: { urlPattern, requestMethod: "GET" }, source: "cache",
}));

self.addEventListener("install", (event) => {
  if (event.addRoutes) event.waitUntil(event.addRoutes(ROUTES).catch(() => {})); // a route refused: the fetch handler serves it
  event.waitUntil((async () => {
    const shell = await caches.open(SHELL);
    // "no-cache": revalidate with the server, so a page is never this build's from an older HTTP copy.
    await shell.addAll(OFFLINE.shell.map((url) => new Request(url, { cache: "no-cache" })));
    // A reader who has played before keeps playing offline after a new build: its engine
    // archive is fetched now, with the pages (Pyodide is already cached, or shared).
    const pyodide = OFFLINE.demo.filter((url) => url.startsWith("/pyodide/"));
    const played = (await Promise.all(pyodide.map(cached))).every(Boolean);
    if (played) await keepDemo().catch(() => {});
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // The page's request starts while this worker boots, instead of after it.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    const current = new Set([SHELL, PYODIDE]);
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !current.has(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Questions from a page (offline.js), answered on the port sent with them:
//   "keep-demo", from a game page whose demo has started: cache the demos' runtime;
//   "status": nothing to do.
// The answer: {playable: whether every game now plays offline, build}.
self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  const port = event.ports[0];
  if (!port || (type !== "keep-demo" && type !== "status")) return;
  const work = type === "keep-demo" ? keepDemo().catch(() => {}) : Promise.resolve();
  event.waitUntil(work.then(playable).then((ok) => port.postMessage({ playable: ok, build: OFFLINE.build })));
});

// Only the site's own files: anything else (another origin, a POST, a stream such as live
// preview's events) goes to the network as if there were no service worker.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/pyodide/")) {
    event.respondWith(cacheFirst(request, url));
  } else if (request.mode === "navigate" || KEPT.has(url.pathname)) {
    event.respondWith(networkFirst(request, url, event.preloadResponse));
  }
});

async function cacheFirst(request, url) {
  const cache = await caches.open(cacheFor(url.pathname));
  const hit = await cache.match(url.pathname);
  if (hit) return hit;
  const response = await fetch(request);
  // A whole answer of a file whose name carries its version: safe to keep for good.
  if (response.status === 200) await cache.put(url.pathname, response.clone()).catch(() => {});
  return response;
}

async function networkFirst(request, url, preloaded) {
  try {
    return (await preloaded) || (await fetch(request));
  } catch (err) {
    // This build's copy. The HTML cached is the one installed with this worker, never a
    // newer build's page written over it, so a page and its assets always belong together.
    const cache = await caches.open(SHELL);
    const path = url.pathname;
    const hit = (await cache.match(path)) || (!path.endsWith("/") && KEPT.has(`${path}/`) && (await cache.match(`${path}/`)));
    if (hit) return hit;
    if (request.mode === "navigate") {
      const missing = await cache.match("/404.html");
      if (missing) return missing;
    }
    throw err;
  }
}
