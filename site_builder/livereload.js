// Live preview for `python -m site_builder serve --watch`; never part of a built site.
// The watch server adds this file to every page it serves. It listens to the server's
// build events (Server-Sent Events, same origin: the Content-Security-Policy's
// connect-src 'self' allows it), reloads the page after each good build, and shows a
// failed build's errors, with file and line, over the last good page until it is fixed.
const OVERLAY_ID = "livereload-overlay";
// The good build the page was served from: the server puts it in this script's address.
const shown = new URL(document.currentScript.src).searchParams.get("build");

function clearOverlay() {
  document.getElementById(OVERLAY_ID)?.remove();
}

function showOverlay(errors) {
  clearOverlay();
  const box = document.createElement("div");
  box.id = OVERLAY_ID;
  box.setAttribute("role", "alert");
  // Styles through the CSSOM: allowed under style-src 'self', unlike a style attribute.
  Object.assign(box.style, {
    position: "fixed", inset: "auto 0 0 0", maxHeight: "60vh", overflow: "auto", zIndex: "2147483647",
    background: "#2b0a0a", color: "#fff", font: "14px/1.5 ui-monospace, monospace", padding: "1em 1.5em",
    borderTop: "4px solid #e5484d", boxShadow: "0 -4px 16px rgba(0,0,0,.4)", textAlign: "left",
  });
  const title = document.createElement("strong");
  title.textContent = `Build failed: ${errors.length} error${errors.length === 1 ? "" : "s"}. ` +
    "The page below is the last good build; fix the file and it reloads.";
  box.append(title);
  const list = document.createElement("ul");
  Object.assign(list.style, { margin: ".5em 0 0", paddingLeft: "1.2em" });
  for (const error of errors) {
    const item = document.createElement("li");
    item.dataset.file = error.path;
    item.dataset.line = String(error.line);
    item.textContent = error.text;
    list.append(item);
  }
  box.append(list);
  document.body.append(box);
}

const events = new EventSource("/__livereload");
events.addEventListener("build", (event) => {
  const state = JSON.parse(event.data);
  if (state.errors.length) {
    showOverlay(state.errors);
  } else if (state.build !== shown) {
    events.close();
    location.reload();
  } else {
    clearOverlay();
  }
});
