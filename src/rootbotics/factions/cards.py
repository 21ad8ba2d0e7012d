"""Difficulty and trait cards (Law of Robotics 3.3): what each one changes, in one line.

The card texts are not in the rulebook; `shared/data/bot-cards.md` gathers them from bot
apps, with their doubts. Each line here says what the engine does; the readings chosen where
sources are thin are rulings R-DIFF-* and R-TRAIT-* in docs/rulings.md. The rules themselves
live in each bot's module, next to the step they change.
"""

from __future__ import annotations

DIFFICULTY_TEXT: dict[str, dict[str, str]] = {
    "marquise": {
        "easy": "Recruit places 2 warriors instead of 4 (Escalated: 1 in each of the two clearings).",
        "default": "As the Law says.",
        "challenging": "Each Recruit also places 2 warriors in the highest-priority ordered clearing it rules.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    },
    "eyrie": {
        "easy": "Only one Loyal Vizier goes into the Decree at setup.",
        "default": "As the Law says.",
        "challenging": "At setup, a bird Ambush card from the deck joins the bird column of the Decree.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    },
    "alliance": {
        "easy": "Organize only where a base has four or more Alliance warriors.",
        "default": "As the Law says.",
        "challenging": "Organize where a base has two or more Alliance warriors.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    },
    "vagabot": {
        "easy": "Evening refreshes one item fewer (3 with a damaged item, else 5).",
        "default": "As the Law says.",
        "challenging": "Evening refreshes one item more (5 with a damaged item, else 7).",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    },
    "riverfolk": {
        "easy": "Build and Garrison places the trade post with no warrior.",
        "default": "As the Law says (one warrior with the new trade post).",
        "challenging": "Build and Garrison places two warriors with the new trade post.",
        "nightmare": "As challenging, and at the end of each Evening 1 VP per two players, rounded up.",
    },
    "duchy": {
        "easy": "Recruit puts 1 warrior (plus one per Mole icon showing) into the Burrow.",
        "default": "As the Law says: 2 warriors plus one per Mole icon showing.",
        "challenging": "Recruit puts 3 warriors (plus one per Mole icon showing) into the Burrow.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening (ruling R-DUCHY-NIGHTMARE).",
    },
    "corvids": {
        "easy": "Recruit places 1 warrior in each of the two clearings instead of 2.",
        "default": "As the Law says.",
        "challenging": "Recruit places 3 warriors in each of the two clearings.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    },
    "lizards": {
        "easy": "Daylight reveals 3 Lost Souls instead of 4.",
        "default": "As the Law says: Daylight reveals 4 Lost Souls.",
        "challenging": "Daylight reveals 5 Lost Souls.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    },
}

TRAIT_TEXT: dict[str, dict[str, str]] = {
    "marquise": {
        "blitz": "After moving, from the highest-priority clearing it rules with no enemy pieces, move all but one warrior to the adjacent clearing with the most enemy pieces and battle there.",
        "fortified": "Each Marquise building takes two hits to remove; a single hit on a building does nothing.",
        "hospitals": "After a battle it defended in which it lost two or more warriors, it places two warriors in the keep's clearing.",
        "iron-will": "Escalated Daylight's Recruit places twice as many warriors.",
    },
    "eyrie": {
        "nobility": "It also falls into turmoil when it cannot place a warrior it must recruit; in turmoil it scores 1 VP per bird card instead of losing it.",
        "relentless": "After resolving the Decree, it removes every defenseless enemy building and token in each clearing with Eyrie warriors.",
        "swoop": "At the end of Daylight, it places 2 warriors in the highest-priority clearing with no Eyrie pieces.",
        "war-tax": "Whenever it removes an enemy building or token, that piece's owner loses 1 VP.",
    },
    "alliance": {
        "informants": "Automated Ambush also deals its extra hit where the Alliance defends a sympathy token with no warriors.",
        "popularity": "Enemies score nothing for removing its sympathy tokens.",
        "veterans": "Guerrilla War: as defender it deals the higher roll and the attacker the lower.",
        "wildfire": "After recruiting in Evening, it spreads sympathy once more, scoring nothing for it.",
    },
    "vagabot": {
        "adventurer": "At most one battle a turn (no repeated battles); at the end of Daylight, he quests again as long as he can.",
        "berserker": "Battle goes to the nearest clearing with the most enemy pieces, against the player with the most pieces there; Evening repairs one more item.",
        "helper": "Each Aid scores him 1 more VP, and an aided human draws two cards for each one.",
        "marksman": "As attacker, he deals one immediate hit before rolling; a warrior it removes scores as usual.",
    },
    "riverfolk": {
        "garrison": "As defender it is never defenseless, and its trade post in the battle clearing adds 1 to its maximum rolled hits.",
        "greedy": "It scores 1 VP whenever the player with the most VP buys any of its services.",
        "ferocious": "As attacker its maximum rolled hits is always 3.",
        "involved": "In the turn of a human who bought no Mercenaries, that human's enemies battle it as if they had bought Mercenaries.",
    },
    "duchy": {
        "foundations": "Cost of Errors takes the crown from the bottom-most swayed minister whose suit matches a clearing where its building was removed (none if no swayed minister matches).",
        "investors": "When a human sets off Cost of Errors, they must discard a card matching a clearing where a Duchy building was removed and the Duchy loses 1 VP; with no such card, the Duchy crowns the topmost unswayed minister matching such a clearing.",
        "invaders": "Dig targets the most enemy buildings, then the fewest enemy warriors; unable to build for want of an open slot, it battles in each clearing it rules instead of scoring.",
        "overwhelm": "It digs twice each Daylight, and a Dig needs and moves only 3 warriors.",
    },
    "corvids": {
        "backup-plans": "Whenever one of its plot tokens is removed, it places a warrior in the clearing the plot left.",
        "gamble": "Before a plot flips, the human with the most pieces there guesses its kind: right, it flips and scores without effect and the guesser removes it; wrong, the Corvids score 1 VP.",
        "mastermind": "The Plot step of Daylight happens twice.",
        "vendetta": "Every plot flip also sets off the bomb's removal in its clearing.",
    },
    "lizards": {
        "erratic": "At the end of its turn, it draws a card onto the top of its Lost Souls.",
        "fanatics": "After each Convert, it battles in that clearing and deals 1 extra hit (defender: most defenseless buildings there, then most points).",
        "martyrs": "Each bird ritual also puts a warrior from its supply in the Acolytes box.",
        "spiteful": "Each Crusade that removed any enemy token scores 1 more VP.",
    },
}


def has_trait(state, faction: str, trait: str) -> bool:
    """Whether a bot seat plays with a trait card."""
    fs = state.factions.get(faction)
    return fs is not None and fs.is_bot and trait in fs.traits


def difficulty(state, faction: str) -> str:
    return state.factions[faction].difficulty


def at_least_challenging(state, faction: str) -> bool:
    return difficulty(state, faction) in ("challenging", "nightmare")
