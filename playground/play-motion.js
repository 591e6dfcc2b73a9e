// The Play page's moves in motion: a copy of the moved card travels from where it was to where it lands (the
// pile or the hand to a position, the replaced card to the discard pile), about 300 ms, with the Web
// Animations API. The copy is made from the card as drawn at its destination in the new table, so it can show
// nothing the viewer could not see once the move is made. Nothing moves when the device asks for reduced motion.

export const MOVE_MS = 300;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Where each card is drawn now, by place: "stock", "discard", "held-S" (seat S's card in hand) and "slot-S-N"
// (seat S's position N). Measured before a redraw (where a card leaves from) and after it (where it lands).
export function measureCards(root) {
  const places = new Map();
  const card = (node) => node.querySelector(".golf-face, .golf-back, .golf-empty");
  for (const node of root.querySelectorAll("[data-pile], [data-held], [data-slot]")) {
    const place = node.dataset.pile ?? (node.dataset.held !== undefined ? `held-${node.dataset.held}` : `slot-${node.dataset.slot}`);
    const drawn = card(node);
    if (drawn) places.set(place, { node: drawn, rect: drawn.getBoundingClientRect() });
  }
  return places;
}

// The travels of one move, as [from place, to place] pairs; a turned-up card turns over where it is.
function travelsOf(move, before) {
  const [verb, position] = move.action.split(" ");
  const hand = `held-${move.seat}`;
  const slot = `slot-${move.seat}-${position}`;
  const source = before.has(hand) ? hand : move.table.held_from === "discard" ? "discard" : "stock";
  if (verb === "draw") return [["stock", hand]];
  if (verb === "take") return [["discard", hand]];
  if (verb === "swap") return [[source, slot], [slot, "discard"]];
  if (verb === "discard") return [[source, "discard"]];
  return [];
}

// Starts the move's animations in `layer` (a fixed, pointer-transparent element); each removes itself when
// done. `finishAll(layer)` ends them at once (a key or click never waits for an animation).
export function animateMove(move, before, after, layer, duration = MOVE_MS) {
  if (reducedMotion()) return [];
  const animations = [];
  for (const [from, to] of travelsOf(move, before)) {
    const start = before.get(from);
    const end = after.get(to);
    if (start && end) animations.push(travel(start.rect, end, layer, duration));
  }
  const [verb, position] = move.action.split(" ");
  const turned = after.get(`slot-${move.seat}-${position}`);
  if (verb === "flip" && turned && move.table.layouts[move.seat][Number(position) - 1].up) { // not a peek
    animations.push(turned.node.animate([{ transform: "scaleX(0)" }, { transform: "none" }], { duration, easing: "ease-out" }));
  }
  return animations;
}

function travel(from, end, layer, duration) {
  const to = end.rect;
  const copy = end.node.cloneNode(true);
  copy.classList.add("golf-travel__card");
  Object.assign(copy.style, { left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px` });
  copy.style.setProperty("--golf-card-w", `${to.width}px`);
  copy.style.setProperty("--golf-card-h", `${to.height}px`);
  layer.append(copy);
  end.node.style.visibility = "hidden"; // the copy stands in for it until it lands
  const scale = `scale(${from.width / to.width}, ${from.height / to.height})`;
  const animation = copy.animate(
    [{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) ${scale}` }, { transform: "none" }],
    { duration, easing: "ease-in-out" },
  );
  const land = () => {
    copy.remove();
    end.node.style.visibility = "";
  };
  animation.addEventListener("finish", land);
  animation.addEventListener("cancel", land);
  return animation;
}

export function finishAll(layer) {
  for (const copy of [...layer.children]) for (const animation of copy.getAnimations()) animation.finish();
  for (const node of document.querySelectorAll(".golf-app .golf-face, .golf-app .golf-back")) {
    for (const animation of node.getAnimations()) animation.finish();
  }
}
