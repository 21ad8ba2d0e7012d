"""In a real browser (Playwright driving Debian's Chromium, as ``test_browser.py``): a human
Marquise played by the Law of Root's legal moves (issue 26 part 4). The new-game form's default
seats her by legal moves; her setup and a Daylight action are clicked on the decision's buttons,
the board rings the clearing each move named, a stale click from a second page is refused with
nothing changed, and at phone size the buttons are tall enough to tap and nothing scrolls
sideways (issue 30 item 8's bar)."""

from __future__ import annotations

from .test_browser import SHOTS, browser, finish_bot_steps, open_page, press, server, status  # noqa: F401  (fixtures)


def new_law_game(page: object, base: str, name: str) -> None:
    page.goto(base + "/")  # type: ignore[attr-defined]
    page.select_option("select[name=seat_marquise]", "human")  # type: ignore[attr-defined]
    page.fill("input[name=player_marquise]", "Ann")  # type: ignore[attr-defined]
    page.select_option("select[name=seat_eyrie]", "bot")  # type: ignore[attr-defined]
    page.select_option("select[name=seat_alliance]", "bot")  # type: ignore[attr-defined]
    assert page.input_value("select[name=rules]") == "law"  # type: ignore[attr-defined]  # the default
    page.fill("input[name=seed]", "3")  # type: ignore[attr-defined]
    page.fill("input[name=name]", name)  # type: ignore[attr-defined]
    page.click("#new-game button[type=submit]")  # type: ignore[attr-defined]
    page.wait_for_url(f"**/game/{name}")  # type: ignore[attr-defined]


def choose(page: object, words: str) -> None:
    """Click the legal move whose words are ``words`` and wait for the new decision."""
    press(page, f'#decision button.move:has(span.words:text-is("{words}"))')


def ringed(page: object) -> list[str]:
    return page.locator("svg.board .highlight").evaluate_all("els => els.map(e => e.dataset.clearing)")  # type: ignore[attr-defined]


def test_a_human_marquise_sets_up_and_takes_a_daylight_action_by_clicks(server: str, browser: object) -> None:  # noqa: F811
    page = open_page(browser, viewport={"width": 1280, "height": 900})
    new_law_game(page, server, "law")
    finish_bot_steps(page)
    assert status(page) == "Ann (Marquise de Cat, setting up): place the keep in which corner"
    assert page.locator("#decision .decision-rule").inner_text().startswith("LoR 6.3.2")
    assert [" ".join(t.split()) for t in page.locator("#decision button.move").all_inner_texts()] == [  # named as the terminal names clearings
        f"{c}. clearing {c} ({where}) LoR 6.3.2" for c, where in ((1, "fox, top-left corner"), (2, "mouse, top-right corner"), (3, "rabbit, bottom-right corner"), (4, "rabbit, bottom-left corner"))
    ]
    page.screenshot(path=str(SHOTS / "law-setup.png"), full_page=True)
    choose(page, "clearing 1 (fox, top-left corner)")  # the keep
    assert status(page) == "Ann (Marquise de Cat, setting up): place the starting sawmill where"
    assert ringed(page) == ["1"] and page.locator("ul.told li").first.inner_text() == "Put Ann's keep token in clearing 1 (fox, top-left corner)."
    choose(page, "clearing 1 (fox, top-left corner)")  # the sawmill
    assert ringed(page) == ["1"]
    choose(page, "clearing 5 (rabbit, top edge, right of centre)")  # the workshop
    assert ringed(page) == ["5"]
    choose(page, "clearing 5 (rabbit, top edge, right of centre)")  # the recruiter: her setup is done, the bots' steps follow
    assert status(page).startswith("Step ")
    finish_bot_steps(page)
    assert status(page) == "Ann (Marquise de Cat, round 1): take an action"
    assert page.locator('.building[data-faction="marquise"]').count() == 3
    warriors = page.locator('.warriors[data-faction="marquise"][data-clearing="5"]').get_attribute("data-count")  # type: ignore[attr-defined]
    choose(page, "Recruit: a warrior at each recruiter")
    assert page.locator('.warriors[data-faction="marquise"][data-clearing="5"]').get_attribute("data-count") == str(int(warriors) + 1)
    assert ringed(page) == ["5"] and "take an action" in status(page)
    assert "Recruit: a warrior at each recruiter" not in page.locator("#decision").inner_text()  # once per turn (LoR 6.5.3)
    page.screenshot(path=str(SHOTS / "law-daylight.png"), full_page=True)

    other = open_page(browser, viewport={"width": 1280, "height": 900})  # a second device on the same game
    other.goto(server + "/game/law")
    choose(page, "Build")
    entries = page.locator("#game").get_attribute("data-entries")
    other.click('#decision button.move:has(span.words:text-is("March: up to two moves"))')
    other.wait_for_selector("#refused")
    assert other.locator("#refused").inner_text() == "move: the game moved on since this page showed the decision; here it is now, choose again"
    assert other.locator("#game").get_attribute("data-entries") == entries and status(other) == "Ann (Marquise de Cat, round 1): build where"


def test_the_decision_fits_a_phone(server: str, browser: object) -> None:  # noqa: F811
    desk = open_page(browser, viewport={"width": 1280, "height": 900})
    new_law_game(desk, server, "lawphone")  # the new-game form's own phone layout is issue 30's
    page = open_page(browser, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.goto(server + "/game/lawphone")
    finish_bot_steps(page)
    choose(page, "clearing 1 (fox, top-left corner)")
    heights = page.locator("#decision button.move").evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert len(heights) == 4 and min(heights) >= 40, heights  # tap targets (issue 30 item 8)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("document.activeElement === document.body")  # no keyboard jumps up
    page.screenshot(path=str(SHOTS / "law-phone.png"), full_page=True)
