"""A student at a panel with the keyboard alone (`Keyboard`): Tab, Shift+Tab,
Enter and Space, never a mouse event nor a focus set by the test; after every
press the focus is checked: in the panel, on the screen, ringed by an outline
of 2 px at least whose contrast with the ground around it is 3:1 at least."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dicelab.core.ui.palette import contrast
from tests.browser.conftest import EXPECT, SAID_COUNT

MOST_PRESSES = 90  # Tab presses to reach any control of a panel (the score card has 30 boxes)

FIND = """([panel, css, text]) => {  // the first usable control of `css` showing `text`
  return [...panel.querySelectorAll(css)].find(e => e.isConnected
    && e.getClientRects().length > 0 && !e.classList.contains("dicelab-unavailable")
    && e.textContent.trim().startsWith(text)) || null; }"""

FOCUS = """([panel, target]) => {  // where the focus is, how it is drawn, where to go
  const e = document.activeElement;
  const s = getComputedStyle(e);
  let ground = "rgba(0, 0, 0, 0)";  // what the ring is drawn on: the first opaque ground around
  for (let a = e.parentElement; a && /rgba\\(.*, 0\\)|transparent/.test(ground);) {
    ground = getComputedStyle(a).backgroundColor;
    a = a.parentElement;
  }
  const box = e.getBoundingClientRect();
  const follows = target && e !== target
    && !!(e.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING);
  return {tag: e.tagName, css: String(e.className), name: e.getAttribute("aria-label")
            || e.textContent.trim().slice(0, 60),
          inPanel: panel.contains(e), ringed: e.matches(":focus-visible"),
          outline: [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor], ground,
          onScreen: box.width > 0 && box.bottom > 0 && box.top < innerHeight
                    && box.left >= 0 && box.right <= innerWidth,
          there: e === target, key: follows || e === document.body ? "Tab" : "Shift+Tab"}; }"""

ANSWERED = """([panel, target, said, before]) => {  // the panel answered the key press
  const now = [target.className, target.textContent, target.getAttribute("aria-pressed")];
  return (SAID)(panel) > said || !target.isConnected || target.getClientRects().length === 0
    || now.join("|") !== before.join("|"); }""".replace("(SAID)", f"({SAID_COUNT})")


QUIET = """([panel, quiet, most]) => new Promise(done => {  // no change for `quiet` ms
  const finish = () => { watch.disconnect(); clearTimeout(timer); clearTimeout(cap); done(); };
  let timer = setTimeout(finish, quiet);
  const cap = setTimeout(finish, most);
  const watch = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(finish, quiet);
  });
  watch.observe(panel, {subtree: true, childList: true, attributes: true, characterData: true});
})"""
QUIET_MS, MOST_MS = 150, 5000  # what the kernel sends for one click comes in one burst


def hex_colour(css: str) -> str:
    """`rgb(11, 87, 208)` as `#0b57d0`."""
    red, green, blue = (int(c) for c in re.findall(r"\d+", css)[:3])
    return f"#{red:02x}{green:02x}{blue:02x}"


@dataclass
class Keyboard:
    """A student at `panel` with the keyboard alone; every press checked."""

    panel: Any
    presses: int = 0
    used: list[str] = field(default_factory=list)  # the controls pressed, by name
    used_css: set[str] = field(default_factory=set)  # and by what was asked for

    @property
    def page(self) -> Any:
        return self.panel.page

    def where(self, target: Any = None) -> dict[str, Any]:
        focus: dict[str, Any] = self.page.evaluate(FOCUS, [self.panel.element_handle(), target])
        return focus

    def press(self, key: str, target: Any = None) -> dict[str, Any]:
        """Press `key`, and check the focus it leaves: in the panel, on the
        screen, ringed by an outline of 3:1 contrast at least."""
        self.page.keyboard.press(key)
        self.presses += 1
        focus = self.where(target)
        self.check(focus, key)
        return focus

    def check(self, focus: dict[str, Any], key: str) -> None:
        seen = f"after {key} (press {self.presses}): {focus}"
        assert focus["inPanel"], "the focus left the panel " + seen
        assert focus["onScreen"], "the focused control is not on the screen " + seen
        style, width, colour = focus["outline"]
        assert focus["ringed"] and style == "solid" and width >= 2, "no ring " + seen
        ratio = contrast(hex_colour(colour), hex_colour(focus["ground"]))
        assert ratio >= 3, f"the ring's contrast is {ratio:.2f} " + seen

    def find(self, css: str, text: str = "") -> Any:
        """The first usable control of `css` showing `text`, once the page has drawn one."""
        handle = self.page.wait_for_function(
            FIND, arg=[self.panel.element_handle(), css, text], timeout=EXPECT
        )
        return handle.as_element()

    def quiet(self) -> None:
        """Wait until the page has drawn all of the panel's answer (no change for a while)."""
        self.page.evaluate(QUIET, [self.panel.element_handle(), QUIET_MS, MOST_MS])

    def first_offered(self, choices: list[str]) -> str:
        """The first of `choices` (CSS) that the panel offers, once it offers one
        (the bots may be playing) and the page has drawn all it was sent."""
        self.quiet()
        found: str = self.page.wait_for_function(
            """([panel, choices, find]) => choices.find(css => find([panel, css, ""]))""".replace(
                "find([", f"({FIND})(["
            ),
            arg=[self.panel.element_handle(), choices, None],
            timeout=EXPECT,
        ).json_value()
        return found

    def reach(self, css: str, text: str = "") -> Any:
        """Tab (or Shift+Tab: towards it) to the first usable `css` showing `text`."""
        target = self.find(css, text)
        focus = self.where(target)
        for _ in range(MOST_PRESSES):
            if focus["there"]:
                return target
            if not target.evaluate("e => e.isConnected && e.getClientRects().length > 0"):
                target = self.find(css, text)  # drawn anew meanwhile
            focus = self.press(focus["key"], target)
        raise AssertionError(f"{css} {text!r} not reached in {MOST_PRESSES} presses: {focus}")

    def use(self, css: str, text: str = "", key: str = "Enter") -> None:
        """Reach the control and press `key` on it; wait until the panel answers
        (it says something, or the control changes or goes), then check the focus."""
        target = self.reach(css, text)
        said = self.panel.evaluate(SAID_COUNT)
        before = target.evaluate(
            "e => [e.className, e.textContent, e.getAttribute('aria-pressed')]"
        )
        self.used.append(self.where(target)["name"])
        self.used_css.add(css)
        self.page.keyboard.press(key)
        self.presses += 1
        self.page.wait_for_function(
            ANSWERED, arg=[self.panel.element_handle(), target, said, before], timeout=EXPECT
        )
        self.quiet()
        self.check(self.where(), key)

    def enter_panel(self) -> None:
        """From nowhere (the page's body) into the panel with Tab."""
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")
        for _ in range(MOST_PRESSES):
            self.page.keyboard.press("Tab")
            if self.where()["inPanel"]:
                return
        raise AssertionError("Tab never reached the panel")
