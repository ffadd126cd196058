"""The widget in a real browser, against a real server: languages, scenarios corrected in place, citations
opening the rules page, feedback, text never run as HTML, accessibility, phones, and a hostile page elsewhere."""

from __future__ import annotations

import json
import urllib.parse

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Route, expect

from tests.qa.widget.conftest import Site, ask


def test_a_french_and_an_english_question_get_answers_in_their_languages(page: Page, site: Site) -> None:
    page.goto(site.url)
    ask(page, "Combien rapporte un jeton Or en fin de partie ?", 1)
    ask(page, "What happens when there is a tie for a Bonus card?", 2)
    answers = page.locator("[data-arbitre=answer]")
    expect(answers.nth(0)).to_have_attribute("lang", "fr")
    expect(answers.nth(1)).to_have_attribute("lang", "en")
    expect(answers.nth(0)).to_contain_text("2 points")
    expect(page.locator("[data-arbitre=input]")).to_have_attribute(
        "placeholder", "Posez une question, ou décrivez une position…"
    )


def test_a_scenario_its_follow_up_and_a_fact_corrected_in_place(page: Page, site: Site) -> None:
    page.goto(site.url)
    ask(page, "capitale verte 2, 8 et 5, moi 7 et 9 en vert, je saute ?", 1)
    first = page.locator("[data-arbitre=answer]").nth(0)
    expect(first).to_contain_text("saute (16 > 15)")
    expect(page.locator("[data-arbitre=announce]")).to_contain_text("saute (16 > 15)")  # read out once
    ask(page, "et si j'avais 7 et 8 ?", 2)
    second = page.locator("[data-arbitre=answer]").nth(1)
    expect(second).to_contain_text("15 ≤ 15")
    field = second.locator("[data-arbitre=fact][data-path='capital.green']")
    expect(field).to_have_value("2, 8, 5")
    field.fill("2, 8, 4")
    field.press("Enter")  # a changed value is sent at once (Enter, or leaving the field)
    fixed = page.locator("[data-arbitre=answer]").nth(1)
    expect(fixed).to_contain_text("15 > 14")
    svg = urllib.parse.unquote(fixed.locator("img").get_attribute("src") or "")
    assert svg.startswith("data:image/svg+xml") and "MAX 14" in svg
    ask(page, "et s'il y avait aussi un 3 vert dans la capitale ?", 3)  # the follow-up amends the corrected position
    expect(page.locator("[data-arbitre=answer]").nth(2)).to_contain_text("15 ≤ 17")


def test_a_bad_correction_shows_the_detail_and_clears_the_verdict(page: Page, site: Site) -> None:
    page.goto(site.url)
    ask(page, "capitale verte 2, 8 et 5, moi 7 et 9 en vert, je saute ?", 1)
    answer = page.locator("[data-arbitre=answer]").nth(0)
    field = answer.locator("[data-arbitre=fact][data-path='players.0.city.green']")
    field.fill("7, neuf")  # a card's value in letters: the API's 422 says what is wrong
    field.press("Enter")  # a changed value is sent at once (Enter, or leaving the field)
    expect(answer.locator("[role=alert]")).to_contain_text("card value must be a whole number in 'green:neuf'")
    expect(answer.locator(".verdict")).to_have_count(0)


def test_a_citation_opens_the_rules_page_at_its_highlighted_passage(page: Page, site: Site) -> None:
    page.goto(site.url)
    ask(page, "Combien rapporte un jeton Or en fin de partie ?", 1)
    cite = page.locator("[data-arbitre=citation]").first
    cite.locator("summary").click()
    quote = cite.locator("blockquote").first.inner_text()
    with page.context.expect_page() as opened:
        cite.locator("a").click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.startswith(f"{site.url}/rules/cl2-rules")
    mark = rules.locator("section.cited mark")
    expect(mark.first).to_be_visible()
    assert mark.first.inner_text().split(" (p.")[0][:40] in quote


def test_a_vote_is_stored(page: Page, site: Site) -> None:
    page.goto(site.url)
    before = site.store.stats().total
    ask(page, "Que se passe-t-il en cas d'égalité pour une carte Bonus ?", 1)
    page.locator("[data-arbitre=feedback-down]").first.click()
    expect(page.locator("[data-arbitre=answer] [role=status]").first).to_have_text("Merci pour votre avis.")
    rows = site.store.rows("down")
    assert site.store.stats().total == before + 1
    assert rows[-1].question == "Que se passe-t-il en cas d'égalité pour une carte Bonus ?"


def test_markup_in_a_question_shows_as_text_and_never_runs(page: Page, site: Site) -> None:
    page.goto(site.url)
    attack = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2"> combien vaut un or ?'
    ask(page, attack, 1)
    expect(page.locator(".q").first).to_have_text(attack)
    assert page.evaluate("window.pwned") is None
    assert page.locator("[data-arbitre-widget] >> img[src='x']").count() == 0


def test_axe_finds_no_serious_violation_and_the_keyboard_alone_works(page: Page, site: Site) -> None:
    page.goto(site.url)
    page.locator("[data-arbitre=suggestion]").first.wait_for()
    page.keyboard.press("Tab")  # the page's links come first; Tab until the question box
    for _ in range(20):
        if page.evaluate("document.activeElement?.shadowRoot?.activeElement?.dataset?.arbitre") == "input":
            break
        page.keyboard.press("Tab")
    page.keyboard.type("Combien rapporte un jeton Or ?")
    page.keyboard.press("Enter")
    page.locator("[data-arbitre=answer]").first.wait_for(timeout=20_000)
    page.keyboard.press("Shift+Tab")
    focused = page.evaluate("document.activeElement.shadowRoot.activeElement.dataset.arbitre")
    assert focused == "suggestion"
    page.keyboard.press("Enter")  # a suggested question, asked from the keyboard
    page.locator("[data-arbitre=answer]").nth(1).wait_for(timeout=20_000)
    found = Axe().run(page)
    serious = [v for v in found.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], [(v["id"], v["help"]) for v in serious]


def test_no_horizontal_scroll_on_a_phone(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(site.url)
    ask(page, "capitale verte 2, 8 et 5, moi 7 et 9 en vert, Léo 12 en vert, je saute ?", 1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_a_hostile_page_on_another_origin_neither_breaks_nor_blocks_it(page: Page, site: Site) -> None:
    page.goto(site.hostile_url)
    panel = page.locator("[part=panel]")
    expect(panel).to_be_visible()
    assert panel.evaluate("e => getComputedStyle(e).fontSize") == "15px"
    assert panel.evaluate("e => getComputedStyle(e).borderTopColor") == "rgb(255, 0, 0)"  # the site's ::part(panel)
    send = page.locator("[data-arbitre=send]")
    assert send.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(0, 128, 0)"  # its --arbitre-accent
    expect(page.locator("[data-arbitre=send]")).to_be_visible()
    ask(page, "How many points is a gold token worth at the end?", 1)
    expect(page.locator("[data-arbitre=answer]").first).to_contain_text("2 points")
    expect(page.locator("[data-arbitre=input]")).to_have_attribute(
        "placeholder", "Ask a question, or describe a position…"
    )


def test_a_clarify_asks_its_question_and_the_reply_continues(page: Page, site: Site) -> None:
    page.goto(site.url)
    ask(page, "capitale bleue 15, Marchand en jeu, je saute ?", 1)
    first = page.locator("[data-arbitre=answer]").nth(0)
    expect(first).to_have_attribute("data-kind", "clarify")
    expect(first).to_contain_text("Combien vaut ton district bleu ?")
    ask(page, "moi 17 en bleu et 2 ors", 2)
    expect(page.locator("[data-arbitre=answer]").nth(1)).to_have_attribute("data-kind", "scenario")


def test_the_rate_limited_and_error_states_speak_the_pages_language(page: Page, site: Site) -> None:
    page.goto(site.url)
    page.route(
        "**/api/ask",
        lambda route: route.fulfill(status=429, headers={"Retry-After": "7"}, json={"detail": "too many requests"}),
    )
    page.locator("[data-arbitre=input]").fill("Combien rapporte un jeton Or ?")
    page.locator("[data-arbitre=send]").click()
    expect(page.locator(".error").last).to_have_text("Trop de questions d'un coup : réessayez dans 7 s.")
    page.unroute("**/api/ask")
    page.route("**/api/ask", lambda route: route.fulfill(status=500, body="boom"))
    page.locator("[data-arbitre=input]").fill("Combien rapporte un jeton Or ?")
    page.locator("[data-arbitre=send]").click()
    expect(page.locator(".error").last).to_have_text("Arbitre ne répond pas pour l'instant. Réessayez dans un moment.")
    expect(page.locator("[data-arbitre=send]")).to_be_enabled()


def test_two_readings_are_one_click_from_the_verdict_meant(page: Page, site: Site) -> None:
    question = "capitale bleue 9 et 6, moi 8 et 7 en bleu : je saute ?"

    def two_readings(route: Route) -> None:  # the real answer, as it comes when the two readers disagree
        answer = route.fetch().json()
        scenario = answer["scenario"]
        other = json.loads(json.dumps(scenario["position"]))
        other["capital"]["blue"] = ["blue:9"]
        other["players"][0]["city"]["blue"] = ["blue:6", "blue:8", "blue:7"]
        scenario["accord"] = "asked"
        scenario["alternative"] = {"facts": scenario["facts"], "position": other, "verdicts": scenario["verdicts"]}
        answer["kind"] = "clarify"
        route.fulfill(json=answer)

    page.goto(site.url)
    page.route("**/api/ask", two_readings)
    ask(page, question, 1)
    answer = page.locator("[data-arbitre=answer]").nth(0)
    expect(answer.locator("[data-arbitre=readings]")).to_contain_text("Quelle lecture vouliez-vous dire ?")
    answer.locator("[data-arbitre=reading]").nth(1).click()  # the second reading, computed by the real server
    chosen = page.locator("[data-arbitre=answer]").nth(0)
    expect(chosen).to_contain_text("21 > 9")
    expect(chosen).to_have_attribute("data-kind", "scenario")
    expect(chosen.locator("[data-arbitre=readings]")).to_have_count(0)
