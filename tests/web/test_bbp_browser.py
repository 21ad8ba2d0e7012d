"""In a real browser (Playwright driving Debian's Chromium, as ``test_browser.py``): a new game
whose Eyrie seat picks the Better Bot Project v5 in the form's rule-set menu, its bot steps
clicked through, the seat beside the board naming the rule set (issue 17, BBP 1.1)."""

from __future__ import annotations

from .test_browser import SHOTS, browser, finish_bot_steps, open_page, server, status  # noqa: F401  (fixtures)


def test_bbp_1_1_a_bot_seat_picks_the_better_bot_project_in_the_form(server: str, browser: object) -> None:  # noqa: F811
    page = open_page(browser, viewport={"width": 1280, "height": 900})
    page.goto(server + "/")  # type: ignore[attr-defined]
    page.select_option("select[name=seat_marquise]", "human")  # type: ignore[attr-defined]
    page.fill("input[name=player_marquise]", "Ann")  # type: ignore[attr-defined]
    page.select_option("select[name=seat_eyrie]", "bot")  # type: ignore[attr-defined]
    page.select_option("select[name=rule_set_eyrie]", "bbp")  # type: ignore[attr-defined]
    page.select_option("select[name=seat_vagabot]", "bot")  # type: ignore[attr-defined]
    page.fill("input[name=name]", "bbp")  # type: ignore[attr-defined]
    page.click("#new-game button[type=submit]")  # type: ignore[attr-defined]
    page.wait_for_url("**/game/bbp")  # type: ignore[attr-defined]
    assert status(page).startswith("Step 1: ")  # no total: the part waits on a human (issue 30 item 7)
    finish_bot_steps(page)
    eyrie = page.locator('section.seat[data-faction="eyrie"]').inner_text()  # type: ignore[attr-defined]
    assert "plays by the Better Bot Project v5" in eyrie
    assert "plays by" not in page.locator('section.seat[data-faction="vagabot"]').inner_text()  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / "bbp-seat.png"), full_page=True)  # type: ignore[attr-defined]
    page.close()  # type: ignore[attr-defined]
