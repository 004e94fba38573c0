"""What a screen reader is told of a panel: names, states, its language.

ipywidgets' controls take no ARIA attributes, so each panel holds one small
invisible widget of the core, `Aria` (on anywidget), whose script keeps them
in the page as the panel redraws, from the panel's own classes and in the
panel's language (`words`):

- a die (`dicelab-die-<i>`) is named "Die 3: four", or "Die 3: four, held"
  (the word under a held die, as the panel shows it: Sly Dice's "to set
  aside"), a toggle button with `aria-pressed` (`dicelab-held`);
- any other control the panel names (`names`: a CSS class, the name of the
  control that carries it, `named`) gets that name: a score box "Ana,
  Threes: scores 10", a Solitaire option its split, a Solo card its colour
  and value; only while the control shows the text and tooltip it had when
  named (a name never goes with another control's text: between two
  redraws, a control is read by its text);
- a toggle button (Hints, the teacher's Show all, Solo's Solo!, the app's
  languages) says whether it is on (`aria-pressed`, from ipywidgets'
  `mod-active`);
- a control that cannot be used now (`dicelab-unavailable`) is marked
  `aria-disabled` and keeps its tooltip, which says why, as its description
  (it still answers a click, with the rule);
- what the panel says (`say`: its answer to a click, each line of its log,
  the end of the game) is announced once, through a polite live region of its
  own (`dicelab-live`, `role="status"`, seen by no one);
- after a key press (a screen reader's click too: no pointer went down),
  the focus is never lost nor misleading: when the control that had it is
  hidden or gone, it moves to the first usable control of the panel's body
  (`dicelab-body`); when a named control under it shows something else now
  (a card played, a box scored), it moves to the panel's message, which says
  what happened, so that a second key press acts on nothing the student did
  not aim at; after a mouse's click it stays where the mouse left it;
- the panel (`dicelab-lang-<xx>`) carries `lang="xx"`, and the play app
  (`dicelab-app`) is the page's `main` landmark, in the app's language, its
  panels' titles (h3) and sections (h4) one level under the app's title (h1).

>>> Aria({"die": "Die {n}: {face}", "held": "held", "faces": ["one"] * 6}).words["die"]
'Die {n}: {face}'
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from dicelab.core.ui.words import Words

__all__ = ["Aria", "aria_words", "named"]

ESM = """
const FACES = "\\u2680\\u2681\\u2682\\u2683\\u2684\\u2685";

function setAll(node, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) { if (node.hasAttribute(name)) node.removeAttribute(name); }
    else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  }
}

function langOf(node) {
  const found = [...node.classList].find((c) => c.startsWith("dicelab-lang-"));
  return found ? found.slice("dicelab-lang-".length) : null;
}

function pressed(toggles) {  // ipywidgets' toggle buttons: on or off, said as well as drawn
  for (const toggle of toggles) {
    setAll(toggle, {"aria-pressed": toggle.classList.contains("mod-active") ? "true" : "false"});
  }
}

function apply(scope, words, names) {
  const lang = langOf(scope);
  if (lang) scope.setAttribute("lang", lang);
  const app = scope.closest(".dicelab-app");
  if (app) {  // the play app is the page: its landmark, its language, headings under its h1
    app.setAttribute("role", "main");
    if (lang) document.documentElement.setAttribute("lang", lang);
    for (const title of scope.querySelectorAll("h3")) setAll(title, {"aria-level": "2"});
    for (const part of scope.querySelectorAll("h4")) setAll(part, {"aria-level": "3"});
    pressed(app.querySelectorAll(".dicelab-language button"));  // the language in use
  }
  pressed(scope.querySelectorAll("button.widget-toggle-button"));  // Hints, Show all, Solo!
  for (const die of scope.querySelectorAll("button.dicelab-die")) {
    const index = [...die.classList].find((c) => /^dicelab-die-[0-9]+$/.test(c));
    if (!index) continue;
    const face = FACES.indexOf(die.textContent.trim());
    const held = die.classList.contains("dicelab-held");
    let name = words.die.replace("{n}", String(Number(index.slice(12)) + 1))
      .replace("{face}", face < 0 ? words.unrolled : words.faces[face]);
    if (held) {  // the word the panel shows under it ("held", "to set aside"), else ours
      const caption = die.parentElement && die.parentElement.querySelector(".dicelab-caption");
      const shown = caption ? caption.textContent.trim() : "";
      name += ", " + (shown || words.held);
    }
    setAll(die, {"aria-label": name, "aria-pressed": held ? "true" : "false"});
  }
  const named = new Set();
  for (const [css, [name, text, tip]] of Object.entries(names)) {
    for (const node of scope.querySelectorAll("." + CSS.escape(css))) {
      if (node.textContent.trim() !== text.trim() || (node.getAttribute("title") || "") !== tip) {
        continue;  // drawn anew since it was named: its new name is on its way
      }
      const picked = node.classList.contains("dicelab-picked") ? "true" : null;  // a Gift's
      setAll(node, {"aria-label": name, "data-dicelab-named": "", "aria-pressed": picked});
      named.add(node);
    }
  }
  for (const node of scope.querySelectorAll("[data-dicelab-named]")) {  // named no more
    if (!named.has(node)) {
      setAll(node, {"aria-label": null, "data-dicelab-named": null, "aria-pressed": null});
    }
  }
  for (const node of scope.querySelectorAll("button")) {
    const off = node.classList.contains("dicelab-unavailable");
    setAll(node, {"aria-disabled": off ? "true" : null});
  }
}

const SAID = 20;  // the announcements the live region keeps

function speak(scope, text) {
  let live = scope.querySelector(":scope > .dicelab-live");
  if (!live) {
    live = document.createElement("div");
    live.className = "dicelab-live";
    setAll(live, {"role": "status", "aria-live": "polite", "aria-atomic": "false",
                  "style": "position:absolute;width:1px;height:1px;overflow:hidden;" +
                           "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap"});
    scope.appendChild(live);
  }
  const line = document.createElement("p");
  line.textContent = text;
  live.appendChild(line);
  live.dataset.said = String(Number(live.dataset.said || 0) + 1);  // how many, for tests
  while (live.childElementCount > SAID) live.firstElementChild.remove();
}

const nameOf = (node) => node.getAttribute("aria-label") || node.textContent.trim();
const shown = (node) => node.isConnected && node.getClientRects().length > 0;

function moveFocus(scope, node) {  // node, else the panel's message (read, and acts on nothing)
  const target = node || scope.querySelector(".dicelab-message");
  if (!target) return;
  if (!node) target.setAttribute("tabindex", "-1");
  target.focus();
}

function keepFocus(scope, memory) {  // after a redraw: the focus never lost, never misleading
  const last = memory.node;
  const active = document.activeElement;
  if (!last || memory.pointer || !scope.contains(active) && active !== document.body) {
    return;  // a mouse's click, or the focus elsewhere in the page: not the panel's to move
  }
  if (document.activeElement === last && shown(last)) {
    const named = last.hasAttribute("data-dicelab-named");
    if (named && !memory.named) Object.assign(memory, {name: nameOf(last), named});
    const other = last.textContent.trim() !== memory.text || named && nameOf(last) !== memory.name;
    if (memory.named && other) {  // another card, box or option under the focus: say what happened
      moveFocus(scope, null);
    }
    return;
  }
  if (!shown(last) && (active === last || active === document.body || !active)) {
    const body = scope.querySelector(".dicelab-body") || scope;  // gone: the first usable control
    moveFocus(scope, [...body.querySelectorAll("button")].find(
      (b) => shown(b) && b.getAttribute("aria-disabled") !== "true") || null);
  }
}

export default {
  render({ model, el }) {
    el.style.display = "none";
    let pending = false;
    let watched = null;  // the panel, once this widget is in it: only its changes count
    // at once, before any other task of the page (a screen reader's, a test's) sees the change:
    // a name is never read with the text of the card drawn there since
    const watch = new MutationObserver(() => run());
    // what had the focus, and whether the last thing done was a pointer's (a mouse, a finger)
    const memory = {node: null, name: "", text: "", named: false, pointer: false};
    const pointed = () => { memory.pointer = true; };
    const pressed = () => { memory.pointer = false; };
    document.addEventListener("pointerdown", pointed, true);
    document.addEventListener("keydown", pressed, true);
    const remember = (event) => {
      const node = event.target;
      Object.assign(memory, {node, name: nameOf(node), text: node.textContent.trim(),
                             named: node.hasAttribute("data-dicelab-named")});
    };
    const run = () => {
      pending = false;
      const scope = el.closest(".dicelab-panel, .dicelab-lobby");
      if (!scope) { requestAnimationFrame(later); return; }  // not drawn in the page yet
      if (watched !== scope) {
        watch.disconnect();
        if (watched) watched.removeEventListener("focusin", remember);
        scope.addEventListener("focusin", remember);
        watch.observe(scope, {subtree: true, childList: true, characterData: true,
                              attributes: true, attributeFilter: ["class", "title", "style"]});
        watched = scope;
      }
      apply(scope, model.get("words"), model.get("names"));
      keepFocus(scope, memory);
    };
    const later = () => { if (!pending) { pending = true; requestAnimationFrame(run); } };
    model.on("change:words", later);
    model.on("change:names", later);
    const hear = (message) => {  // a message, not a state: said once, never sent again
      const scope = el.closest(".dicelab-panel, .dicelab-lobby");
      if (scope && message && message.say) speak(scope, message.say);
    };
    model.on("msg:custom", hear);
    later();
    return () => {
      watch.disconnect();
      model.off("msg:custom", hear);
      document.removeEventListener("pointerdown", pointed, true);
      document.removeEventListener("keydown", pressed, true);
      if (watched) watched.removeEventListener("focusin", remember);
    };
  },
};
"""


class Aria(anywidget.AnyWidget):
    """The panel's names and states for screen readers (see the module)."""

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    names = traitlets.Dict().tag(sync=True)  # CSS class: `named(control, its name)`

    def __init__(self, words: dict[str, Any]) -> None:
        super().__init__(words=words)
        self.add_class("dicelab-aria")

    def say(self, text: str) -> None:
        """Announce `text` to a screen reader, once (a second refusal is said
        again): a message to the page, not a state, so that it is not sent again
        with the panel's next change, nor kept in a saved notebook."""
        self.send({"say": text})


def aria_words(words: Words) -> dict[str, Any]:
    """What the script needs in the panel's language: how a die is named."""
    return {
        "die": words("die_label", n="{n}", face="{face}"),  # filled in by the script
        "held": words("die_held"),
        "unrolled": words("die_unrolled"),
        "faces": [words(f"face_{value}") for value in range(1, 7)],
    }


def named(control: widgets.Button, name: str) -> list[str]:
    """An entry of `Aria.names`: `name` for `control` as it is drawn now (its
    text and tooltip, with which the page pairs the name).

    >>> named(widgets.Button(description="→ 10", tooltip="Score 10 here"), "Ana, Threes: scores 10")
    ['Ana, Threes: scores 10', '→ 10', 'Score 10 here']
    """
    return [name, control.description, control.tooltip or ""]
