// The hole review (issue 14): after a hole, or at the end of the match, the decisions of one person where a
// better move existed, costliest first, and a replay of each of their decisions as they saw it then.
// The engine judges in the worker (sixcardgolf.review), one decision per request (the session's review.step,
// match_review_step), so the progress bar moves and the player's own moves get through between two steps: the
// table stays usable.
// Everything the replay draws comes from that person's observation at the time (match_replay): public cards,
// their own drawn and peeked cards, nothing else.
import { cardBack, cardFace, cardName, el } from "./dom.js";
import { seatName, seatView, signed } from "./play-view.js";

// An action in the engine's notation ("swap 3") as words, with the card it moves where the player could see it.
function moveText(t, lang, action, observation) {
  const [verb, pos] = action.split(" ");
  const top = observation.discard[observation.discard.length - 1];
  const card = verb === "take" ? top : observation.held;
  return t(`review.move.${verb}`, { pos, card: card ? cardName(card, lang) : t("review.theCard") });
}

// Where an action shows on the replayed table: a position of the player's layout, a pile or the drawn card.
function placeOf(action) {
  const [verb, pos] = action.split(" ");
  if (verb === "swap" || verb === "flip") return { position: Number(pos) };
  if (verb === "take") return { pile: "discard" };
  if (verb === "draw") return { pile: "stock" };
  if (verb === "discard") return { pile: "held" };
  return null;
}

// Points to one decimal, as the review measures them (to about a point: its uncertainty is shown beside).
function points(value) {
  return value.toFixed(1);
}

export class ReviewPanel {
  // `reviewer`: the session's review ({step, result, replay}, play-session.js).
  constructor({ reviewer, t, lang }) {
    this.reviewer = reviewer;
    this.t = t;
    this.lang = lang;
    this.results = new Map(); // request key -> {review, steps}: a review made once is shown again at once
    this.request = null; // {save, seats, hole, cols, seat}
    this.generation = 0; // a newer request makes an older one's answers stale
    this.index = 0; // the replay's step
    this.build();
  }

  // -- the panel's fixed parts: made once, so the focus and the live region stay put ------------------------
  build() {
    const t = this.t;
    this.title = el("h2", { id: "golf-review-title", tabindex: "-1", "data-focus": "review-title" });
    this.people = el("div", { class: "golf-review__people" });
    this.bar = el("progress", { class: "golf-review__bar", max: "1", value: "0", "aria-labelledby": "golf-review-working" });
    this.working = el("span", { id: "golf-review-working" });
    this.progress = el("div", { class: "golf-review__progress" }, this.bar, this.working);
    this.status = el("p", { class: "golf-sr", role: "status" });
    this.failure = el("p", { class: "golf-error", role: "alert", hidden: true });
    this.summary = el("div", { class: "golf-review__summary" });
    this.list = el("div", { class: "golf-review__list" });
    this.stepLabel = el("p", { class: "golf-review__step", id: "golf-review-step" });
    this.board = el("div", { class: "golf-review__board", tabindex: "-1", "data-focus": "review-board", role: "group", "aria-labelledby": "golf-review-step" });
    this.verdict = el("div", { class: "golf-review__verdict" });
    this.prev = el("button", { type: "button", class: "md-button", "data-focus": "review-prev", onclick: () => this.go(-1) }, t("review.prev"));
    this.next = el("button", { type: "button", class: "md-button", "data-focus": "review-next", onclick: () => this.go(1) }, t("review.next"));
    this.replay = el("section", { class: "golf-review__replay", "aria-labelledby": "golf-review-replay-title" },
      el("h3", { id: "golf-review-replay-title" }, t("review.replay.title")),
      el("p", { class: "golf-review__note" }, t("review.replay.note")),
      this.stepLabel, this.board, this.verdict, el("div", { class: "golf-review__nav" }, this.prev, this.next));
    const close = el("button", { type: "button", class: "md-button", "data-focus": "review-close", onclick: () => this.close() }, t("review.close"));
    this.element = el("section", { class: "golf-review", "aria-labelledby": "golf-review-title", hidden: true },
      this.title, this.people, this.progress, this.status, this.failure, this.summary, this.list, this.replay, close);
    this.element.addEventListener("keydown", (event) => this.onKey(event));
  }

  // -- what the page asks ---------------------------------------------------------------------------------------
  // The Review buttons for a finished hole (and, at the end, for the whole match).
  buttons(view, viewer) {
    if (!view || !view.hole_over || !view.records.length) return [];
    const t = this.t;
    const hole = view.records.length;
    const open = (which) => () => this.open(view, viewer, which);
    const out = [el("button", { type: "button", class: "md-button", "data-focus": "review-hole", onclick: open(hole) }, t("review.open.hole"))];
    if (view.outcome && view.records.length > 1) {
      out.push(el("button", { type: "button", class: "md-button", "data-focus": "review-match", onclick: open(null) }, t("review.open.match")));
    }
    return out;
  }

  // The panel for the page's side while it reviews this view's match as it stands; once the match moves on
  // (the next hole, a new match) it stops, so the worker is all the table's again.
  elementFor(view) {
    if (!this.request) return null;
    if (view && view.save === this.request.save) return this.element;
    this.stop();
    return null;
  }

  open(view, viewer, hole) {
    // In a room each person reviews their own decisions (on their own device); at one device, any person's.
    const people = view.room ? [viewer] : view.seats.map((kind, seat) => seat).filter((seat) => view.seats[seat] === "human");
    const seat = people.includes(viewer) ? viewer : people[0];
    this.request = { save: view.save, seats: view.seats, room: view.room || null, hole, cols: view.cols, people, seat, view };
    this.element.hidden = false;
    this.onChange?.();
    this.load();
    this.title.focus({ preventScroll: false });
  }

  close() {
    this.stop();
    this.onChange?.();
  }

  // Stop working and hide, without telling the page (which calls this while it draws).
  stop() {
    this.generation += 1;
    this.element.hidden = true;
    this.request = null;
  }

  key() {
    const { save, hole, seat } = this.request;
    return JSON.stringify([save, hole, seat]);
  }

  // -- working it out in the worker ---------------------------------------------------------------------------------
  async load() {
    const generation = ++this.generation;
    const request = this.request;
    this.renderPeople();
    this.title.textContent = request.hole === null ? this.t("review.title.match") : this.t("review.title.hole", { n: request.hole });
    this.failure.hidden = true;
    const known = this.results.get(this.key());
    if (known) return this.show(known);
    this.summary.replaceChildren();
    this.list.replaceChildren();
    this.replay.hidden = true;
    this.progress.hidden = false;
    this.showProgress(0, 0);
    const params = { save: request.save, seat: request.seat };
    if (request.hole !== null) params.hole = request.hole;
    try {
      for (;;) {
        const { done, total } = await this.reviewer.step(params);
        if (generation !== this.generation) return;
        this.showProgress(done, total);
        if (done === total) break;
      }
      const review = await this.reviewer.result(params);
      const { steps } = await this.reviewer.replay(params);
      if (generation !== this.generation) return;
      const result = { review, steps };
      this.results.set(this.key(), result);
      // A finished match reviewed whole (or its only hole) goes with the match into the history.
      const whole = request.hole === null || (request.view.records || []).length === 1;
      if (whole && request.view.outcome) this.onReviewed?.(request.view, request.seat, review);
      this.show(result);
      this.status.textContent = this.t("review.ready");
    } catch (failure) {
      if (generation !== this.generation) return;
      this.progress.hidden = true;
      this.failure.textContent = this.t("review.failed", { reason: failure.message });
      this.failure.hidden = false;
    }
  }

  showProgress(done, total) {
    this.bar.max = Math.max(total, 1);
    this.bar.value = done;
    this.working.textContent = total ? this.t("review.working", { done, total }) : this.t("review.starting");
  }

  // -- drawing -----------------------------------------------------------------------------------------------------
  renderPeople() {
    const { people, seat, seats, room } = this.request;
    if (people.length < 2) {
      this.people.replaceChildren();
      return;
    }
    const choices = people.map((person) => el("label", { class: "golf-choice" },
      el("input", { type: "radio", name: "golf-review-person", value: String(person), checked: person === seat,
        onchange: () => { this.request.seat = person; this.load(); } }),
      seatName(this.t, { seats, room }, person)));
    this.people.replaceChildren(el("fieldset", {}, el("legend", {}, this.t("review.person")), ...choices));
  }

  show({ review, steps }) {
    this.progress.hidden = true;
    this.result = { review, steps };
    this.renderSummary(review);
    this.renderList(review, steps);
    const costliest = review.holes.flatMap((hole) => hole.decisions)[0];
    this.index = costliest ? Math.max(0, steps.findIndex((s) => s.step === costliest.step)) : 0;
    this.replay.hidden = steps.length === 0;
    if (steps.length) this.renderStep();
  }

  renderSummary(review) {
    const t = this.t;
    const flagged = review.holes.flatMap((hole) => hole.decisions);
    const loss = review.holes.reduce((sum, hole) => sum + hole.expected_loss, 0);
    const error = Math.sqrt(review.holes.reduce((sum, hole) => sum + hole.uncertainty ** 2, 0));
    const choices = review.choices;
    const good = choices - flagged.length;
    const threshold = points(review.threshold);
    const parts = [];
    if (flagged.length) {
      parts.push(el("p", { class: "golf-review__total" }, t("review.summary.loss", { loss: points(loss), error: points(error), count: flagged.length })));
    } else {
      parts.push(el("p", { class: "golf-review__total" }, t("review.summary.none", { threshold })));
    }
    if (choices) {
      const accuracy = Math.round((review.accuracy ?? 1) * 100);
      parts.push(el("p", { class: "golf-review__accuracy" }, t("review.summary.accuracy", { accuracy, good, choices, threshold })));
    }
    this.summary.replaceChildren(...parts);
  }

  renderList(review, steps) {
    const t = this.t;
    const byStep = new Map(steps.map((s, index) => [s.step, { ...s, index }]));
    const sections = [];
    for (const hole of review.holes) {
      if (!hole.decisions.length && review.holes.length === 1) continue;
      const items = hole.decisions.map((decision) => {
        const step = byStep.get(decision.step);
        const observation = step.observation;
        const number = steps.filter((s, index) => s.hole === hole.hole && index <= step.index).length;
        return el("li", { class: "golf-review__item" },
          el("p", {}, el("strong", {}, t("review.where", { hole: hole.hole, n: number })), this.lang === "ja" ? "" : " ",
            t("review.line", { played: moveText(t, this.lang, decision.played, observation), better: moveText(t, this.lang, decision.better, observation),
              loss: points(decision.loss), error: points(decision.uncertainty) })),
          el("p", { class: "golf-review__why" }, t("review.why", { reason: decision.reason })),
          el("button", { type: "button", class: "md-button", "data-focus": `review-show-${decision.step}`, onclick: () => this.showStep(step.index) },
            t("review.show", { n: number, hole: hole.hole })));
      });
      const head = review.holes.length > 1
        ? el("h3", {}, t("review.hole", { hole: hole.hole, points: signed(hole.points), loss: points(hole.expected_loss) })) : null;
      sections.push(head, items.length ? el("ol", {}, items) : el("p", {}, t("review.hole.clean")));
    }
    this.list.replaceChildren(...sections.filter(Boolean));
  }

  showStep(index) {
    this.index = index;
    this.renderStep();
    this.board.focus({ preventScroll: false });
  }

  go(delta) {
    const steps = this.result ? this.result.steps : [];
    const index = this.index + delta;
    if (index < 0 || index >= steps.length) return;
    this.index = index;
    this.renderStep();
  }

  onKey(event) {
    if (this.replay.hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLElement && event.target.closest("input, select, textarea")) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    this.go(event.key === "ArrowLeft" ? -1 : 1);
  }

  // One decision's table exactly as the person saw it, with the move played and the better one marked.
  renderStep() {
    const t = this.t;
    const { steps, review } = this.result;
    const step = steps[this.index];
    const obs = step.observation;
    const me = this.request.seat;
    const flagged = review.holes.flatMap((hole) => hole.decisions).find((d) => d.step === step.step) || null;
    const inHole = steps.filter((s) => s.hole === step.hole);
    this.stepLabel.textContent = t("review.step", { n: inHole.indexOf(step) + 1, total: inHole.length, hole: step.hole });
    const s = { t, lang: this.lang, view: { cols: this.request.cols, seats: this.request.seats, observation: obs } }; // no room: no turn marks on a replay
    const quiet = { mine: false, targets: {}, cancelled: new Set(), changed: new Set() };
    const others = el("div", { class: "golf-opponents" });
    obs.layouts.forEach((layout, seat) => {
      if (seat !== me) others.append(seatView(s, seat, layout, { ...quiet, hidePeeked: true }));
    });
    const mine = seatView(s, me, obs.layouts[me], { ...quiet, hidePeeked: false });
    // The live table's seats are the page's landmarks; the replayed ones are plain groups under the replay. It is
    // always this person's turn here, so no seat is framed as the one to move (the frames mark the moves).
    for (const seat of [...others.children, mine]) {
      seat.setAttribute("role", "group");
      seat.classList.remove("golf-seat--to-move");
    }
    const piles = this.pilesView(obs, me);
    this.mark(mine, piles, placeOf(step.played), "played");
    if (flagged) this.mark(mine, piles, placeOf(flagged.better), "better");
    this.board.replaceChildren(el("div", { class: "golf-review__table" }, others, el("div", { class: "golf-felt" }, piles, mine)));
    const played = el("p", {}, t("review.played", { move: moveText(t, this.lang, step.played, obs) }));
    const verdict = flagged
      ? [el("p", { class: "golf-review__better" }, t("review.better", { move: moveText(t, this.lang, flagged.better, obs), loss: points(flagged.loss), error: points(flagged.uncertainty) })),
        el("p", { class: "golf-review__why" }, t("review.why", { reason: flagged.reason }))]
      : [el("p", { class: "golf-review__good" }, t("review.good", { threshold: points(review.threshold) }))];
    this.verdict.replaceChildren(played, ...verdict);
    this.prev.setAttribute("aria-disabled", String(this.index === 0));
    this.next.setAttribute("aria-disabled", String(this.index === steps.length - 1));
  }

  // The piles as they stood: the stock (face down), the top discard, and the person's own drawn card.
  pilesView(obs, me) {
    const t = this.t;
    const top = obs.discard.length ? obs.discard[obs.discard.length - 1] : null;
    const pile = (name, label, face) => el("span", { class: "golf-pile", "data-review-pile": name, role: "img", "aria-label": label },
      face, el("span", { class: "golf-pile__label", "aria-hidden": "true" }, name === "stock" ? t("play.stock", { count: obs.stock_count })
        : name === "discard" ? t("play.discardPile") : t("play.inHand")));
    const piles = el("div", { class: "golf-piles" },
      pile("stock", t("play.stock", { count: obs.stock_count }), cardBack()),
      pile("discard", t("play.pileCard", { pile: t("play.discardPile"), card: top ? cardName(top, this.lang) : t("play.emptyPile") }),
        top ? cardFace(top) : el("span", { class: "golf-empty", "aria-hidden": "true" })));
    if (obs.held && obs.to_move === me) piles.append(pile("held", t("play.pileCard", { pile: t("play.inHand"), card: cardName(obs.held, this.lang) }), cardFace(obs.held)));
    return piles;
  }

  // Mark where a move shows: a position of the person's layout, or a pile, with a word for screen readers too.
  mark(mine, piles, place, kind) {
    if (!place) return;
    const target = place.position ? mine.querySelectorAll(".golf-slot")[place.position - 1] : piles.querySelector(`[data-review-pile="${place.pile}"]`);
    if (!target) return;
    const word = this.t(`review.badge.${kind}`);
    target.classList.add(`golf-review--${kind}`);
    target.setAttribute("aria-label", this.t("review.marked", { label: target.getAttribute("aria-label"), word }));
    target.append(el("span", { class: `golf-review__badge golf-review__badge--${kind}`, "aria-hidden": "true" }, word));
  }
}
