// Keeps the nodes of a part of the page and updates them to match a fresh drawing of it (the Play page's
// renderer draws each part with the same functions as before, then patches the live part to match). A node
// that stays keeps its focus, its text selection, an open <details> and the animations running on it, so
// nothing has to be put back after a redraw. Nodes are matched by key (data-focus, id, data-slot, data-pile,
// data-held), the rest by tag and class (modifiers such as golf-slot--target aside): where the shape of a part
// changes (a handover screen where the table was), that part alone is made anew.
import { listen } from "./dom.js";

function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  for (const name of ["data-focus", "id", "data-slot", "data-pile", "data-held"]) {
    const value = node.getAttribute(name);
    if (value !== null) return `${name}=${value}`;
  }
  return null;
}

// What a node is, for matching one without a key: a text node, or an element's tag and its classes without
// their modifiers ("golf-slot golf-slot--target" is a golf-slot, "golf-face" and "golf-back" differ).
function kindOf(node) {
  if (node.nodeType === Node.TEXT_NODE) return "#text";
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const classes = [...node.classList].filter((name) => !name.includes("--"));
  return `${node.tagName}.${classes.join(".")}`;
}

// The live children of `parent` become `fresh` (nodes just drawn): kept where they match, made where not.
// A fresh node that already is a child of `parent` is taken as it is (a part drawn once, such as the form).
export function patchChildren(parent, fresh) {
  const wanted = fresh.filter((node) => node !== null && node !== undefined && node !== false)
    .map((node) => (typeof node === "string" ? document.createTextNode(node) : node));
  const live = [...parent.childNodes];
  const byKey = new Map();
  const unkeyed = [];
  for (const node of live) {
    const key = keyOf(node);
    if (key !== null && !byKey.has(key)) byKey.set(key, node);
    else if (key === null) unkeyed.push(node);
  }
  const used = new Set();
  const result = wanted.map((node) => {
    if (node.parentNode === parent) {
      used.add(node);
      return node;
    }
    const key = keyOf(node);
    const kind = kindOf(node);
    const match = key !== null ? byKey.get(key) : unkeyed.find((old) => !used.has(old) && kindOf(old) === kind);
    if (match && !used.has(match) && kindOf(match) === kind) {
      used.add(match);
      patchNode(match, node);
      return match;
    }
    return node;
  });
  for (const node of live) if (!used.has(node)) node.remove();
  // Nodes kept stay in their order; only new ones are put in between, so a focused node is never moved.
  result.forEach((node, index) => {
    const here = parent.childNodes[index];
    if (here !== node) parent.insertBefore(node, here || null);
  });
}

// `live` becomes like `fresh` (same kind): its attributes, its handlers, its children.
function patchNode(live, fresh) {
  if (live.nodeType === Node.TEXT_NODE) {
    if (live.data !== fresh.data) live.data = fresh.data;
    return;
  }
  for (const { name } of [...live.attributes]) {
    // An inline style the drawing does not set is play-motion.js's (a card hidden while its copy flies).
    if (!fresh.hasAttribute(name) && name !== "style") live.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  const handlers = { ...live.golfHandlers, ...fresh.golfHandlers };
  for (const type of Object.keys(handlers)) {
    const handler = fresh.golfHandlers?.[type] ?? null;
    if ((live.golfHandlers?.[type] ?? null) !== handler) listen(live, type, handler);
  }
  patchChildren(live, [...fresh.childNodes]);
}
