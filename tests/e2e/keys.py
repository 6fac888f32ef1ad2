"""Playing with the keyboard alone: move the focus with Tab and the arrow keys
(never a click, never a script that acts), then press Enter.

`reach` reads where the focus is (a read-only script) and presses the key a
person would: Tab to the next stop, or an arrow inside a group of cards
(`data-kb-group`, static/core/keyboard.js). Shortcuts are pressed by the tests
themselves."""

from __future__ import annotations

from typing import Any

WHERE = """(selector) => {
  const visible = (n) => n.getClientRects().length > 0
    && !n.closest('[hidden], [inert]') && !n.disabled
    && n.getAttribute('aria-disabled') !== 'true';
  const targets = [...document.querySelectorAll(selector)].filter(visible);
  if (!targets.length) return 'none';
  const active = document.activeElement;
  if (targets.includes(active)) return 'here';
  const group = active && active.closest && active.closest('[data-kb-group]');
  if (group) {
    const inside = targets.filter((n) => n.closest('[data-kb-group]') === group);
    if (inside.length) {
      const pos = inside[0].compareDocumentPosition(active);
      return pos & Node.DOCUMENT_POSITION_FOLLOWING ? 'ArrowLeft' : 'ArrowRight';
    }
  }
  return 'Tab';
}"""


def reach(page: Any, selector: str, limit: int = 400) -> bool:
    """Put the focus on an element matching `selector` by keyboard; False if
    no such element is there (or it could not be reached in `limit` keys)."""
    for _ in range(limit):
        where = page.evaluate(WHERE, selector)
        if where == "here":
            return True
        if where == "none":
            return False
        page.keyboard.press(where)
    return False


def choose(page: Any, selector: str, key: str = "Enter") -> bool:
    """Reach an element by keyboard and press Enter (or `key`) on it."""
    if not reach(page, selector):
        return False
    page.keyboard.press(key)
    return True


def shortcut(page: Any, word: str) -> str:
    """The key of the board's shortcut named by `word` (its English msgid):
    letters follow the reader's language (static/core/keyboard.js)."""
    key = page.evaluate("(w) => window.ludoteca.keys.keyOf(w)", word)
    assert key, f"no shortcut for {word!r}"
    return str(key)
