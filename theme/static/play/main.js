// Entry point of the in-page player (a module script on every game page).
import { Demo } from "./demo.js";

const root = document.querySelector("section.demo[data-worker]");
if (root) new Demo(root).start();
