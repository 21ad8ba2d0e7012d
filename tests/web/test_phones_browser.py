"""Issue 30 items 8 and 9 in Chromium (Playwright, Debian's /usr/bin/chromium), at a phone's
390×844 and a laptop's 1280×800: no page scrolls sideways, every tap target is at least 40 px,
the whole board fits (and "zoom" doubles it in its own box), nothing is focused on load, the
step's next/back/why and the line box with its hint sit in a bar fixed at the bottom on the phone
(the watch page's back/next too), "Start the game" is not covered, a refused line stays in the
box with its bad column marked, the hint's example parses, a clearing tapped with nothing picked
never glues digits onto the line; and a laptop and a phone on one game: the phone's page follows
the laptop's entry by itself, and a click from a page behind is refused as stale."""

from __future__ import annotations

import re

import pytest

from .test_browser import PAGE_TIMEOUT_MS, SHOTS, browser, game_at_turn, open_page, server  # noqa: F401  (fixtures)

from rootbotics.table.rootlog import parse_action  # noqa: E402

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}

WIDE = "() => document.documentElement.scrollWidth"
SMALL = """() => { const out = [];
  for (const el of document.querySelectorAll('a[href], button, input, select, summary')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.type === 'hidden' || el.closest('svg')) continue;
    let h = r.height; const label = el.closest('label');
    if (label && (el.type === 'checkbox' || el.type === 'radio')) h = Math.max(h, label.getBoundingClientRect().height);
    if (h < 40) out.push(el.outerHTML.slice(0, 80) + ' ' + Math.round(h)); }
  return out; }"""


def fits(page: object, width: int) -> None:
    assert page.evaluate(WIDE) <= width, page.url  # type: ignore[attr-defined]
    assert page.evaluate(SMALL) == [], page.url  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_every_page_fits_the_screen_with_tap_targets_of_40_px(server: str, browser: object, size: dict[str, int]) -> None:
    url = game_at_turn(server, f"fit-{size['width']}")
    page = open_page(browser, viewport=size)
    for path in ("/", url[len(server):], "/watch", "/watch?bots=marquise,eyrie&seed=3&max_rounds=3"):
        page.goto(server + path)  # type: ignore[attr-defined]
        fits(page, size["width"])
        assert page.evaluate("document.activeElement === document.body")  # type: ignore[attr-defined]  # no autofocus jump
    page.goto(server + "/")  # type: ignore[attr-defined]
    start = page.locator("#new-game button[type=submit]")  # type: ignore[attr-defined]
    start.scroll_into_view_if_needed()
    box = start.bounding_box()
    on_top = page.evaluate(f"document.elementFromPoint({box['x'] + box['width'] / 2}, {box['y'] + box['height'] / 2}).closest('#new-game button[type=submit]') !== null")  # type: ignore[attr-defined]
    assert on_top, "'Start the game' is covered"
    page.goto(url)  # type: ignore[attr-defined]
    board = page.locator("svg.board").bounding_box()  # type: ignore[attr-defined]
    assert board["x"] >= 0 and board["x"] + board["width"] <= size["width"]  # the whole board
    page.click("#zoom")  # type: ignore[attr-defined]
    assert page.locator("svg.board").bounding_box()["width"] > board["width"] * 1.8  # type: ignore[attr-defined]
    fits(page, size["width"])  # zoomed, the board scrolls in its own box, not the page
    page.screenshot(path=str(SHOTS / f"phones-game-{size['width']}.png"))  # type: ignore[attr-defined]


def test_on_a_phone_the_line_box_and_the_step_controls_sit_in_a_bar_at_the_bottom(server: str, browser: object) -> None:
    url = game_at_turn(server, "dock")
    page = open_page(browser, viewport=PHONE)
    page.goto(url)  # type: ignore[attr-defined]
    form = page.locator("#line-form")  # type: ignore[attr-defined]
    assert form.evaluate("el => getComputedStyle(el).position") == "fixed"
    box = form.bounding_box()
    assert abs(box["y"] + box["height"] - PHONE["height"]) <= 1 and box["width"] >= PHONE["width"] - 1
    hint = page.get_attribute("#line", "placeholder")  # type: ignore[attr-defined]
    example = re.match(r"e\.g\. (\S+)", hint).group(1)
    parse_action(example, "C")  # the hint's own example parses
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # type: ignore[attr-defined]
    last = page.locator(".seat").last.bounding_box()  # type: ignore[attr-defined]
    assert last["y"] + last["height"] <= form.bounding_box()["y"] + 1  # the page leaves room for the bar
    page.click("svg.board .pick[data-clearing='5']", force=True)  # type: ignore[attr-defined]
    assert page.input_value("#line") == ""  # type: ignore[attr-defined]  # nothing picked: no digits glued on
    assert "pick a piece first" in page.inner_text("#picked")  # type: ignore[attr-defined]
    page.fill("#line", "w->1/Xw1")  # type: ignore[attr-defined]
    page.click("#line-form button[type=submit]")  # type: ignore[attr-defined]
    page.wait_for_selector("#bad-line mark")  # type: ignore[attr-defined]
    assert page.input_value("#line") == "w->1/Xw1"  # type: ignore[attr-defined]  # the refused line stays in the box
    column = int(page.get_attribute("#line", "data-column"))  # type: ignore[attr-defined]
    assert f"column {column}" in page.inner_text("#refused")  # type: ignore[attr-defined]
    assert page.inner_text("#bad-line mark") == "w->1/Xw1"[column - 1]  # type: ignore[attr-defined]
    assert page.evaluate("[document.getElementById('line').selectionStart, document.getElementById('line').selectionEnd]") == [column - 1, column]  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "phones-refused-line.png"))  # type: ignore[attr-defined]


def test_the_watch_page_s_back_and_next_sit_in_a_bar_at_the_bottom_on_a_phone(server: str, browser: object) -> None:
    page = open_page(browser, viewport=PHONE)
    page.goto(server + "/watch?bots=marquise,eyrie&seed=3&max_rounds=3")  # type: ignore[attr-defined]
    dock = page.locator("#watch-dock")  # type: ignore[attr-defined]
    assert dock.evaluate("el => getComputedStyle(el).position") == "fixed"
    box = dock.bounding_box()
    assert abs(box["y"] + box["height"] - PHONE["height"]) <= 1
    page.click("#next")  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r"step=2"))  # type: ignore[attr-defined]
    assert page.locator("#watch-dock summary").is_visible()  # type: ignore[attr-defined]  # why


def test_a_laptop_and_a_phone_on_one_game_follow_each_other_and_a_stale_click_is_refused(server: str, browser: object) -> None:
    url = game_at_turn(server, "two-devices")
    laptop, phone = open_page(browser, viewport=LAPTOP), open_page(browser, viewport=PHONE)
    laptop.goto(url)  # type: ignore[attr-defined]
    phone.goto(url)  # type: ignore[attr-defined]
    key = phone.get_attribute("#game", "data-key")  # type: ignore[attr-defined]
    stale_undo = phone.locator("form[action$='/undo'] input[name=key]").get_attribute("value")  # type: ignore[attr-defined]
    laptop.fill("#line", "w->1")  # type: ignore[attr-defined]
    laptop.click("#line-form button[type=submit]")  # type: ignore[attr-defined]
    laptop.wait_for_function(f"document.querySelector('#game').dataset.key !== {key!r}")  # type: ignore[attr-defined]
    phone.wait_for_function(f"document.querySelector('#game').dataset.key !== {key!r}", timeout=15_000)  # type: ignore[attr-defined]  # followed by itself
    assert phone.get_attribute("#game", "data-entries") == laptop.get_attribute("#game", "data-entries")  # type: ignore[attr-defined]
    phone.evaluate(f"document.querySelector(\"form[action$='/undo'] input[name=key]\").value = {stale_undo!r}")  # type: ignore[attr-defined]  # a page from before
    phone.click("form[action$='/undo'] button")  # type: ignore[attr-defined]
    phone.wait_for_selector("#refused")  # type: ignore[attr-defined]
    assert phone.inner_text("#refused") == "the game moved on since this page showed it; here it is now"  # type: ignore[attr-defined]
    assert phone.get_attribute("#game", "data-entries") == laptop.get_attribute("#game", "data-entries")  # type: ignore[attr-defined]  # nothing undone
