"""The whole of what the engine may ask a human seat (DESIGN 6): the shared rules' requests
(``core/controllers.py``) and those of every faction's rules, and a scripted human for tests.

Bots never need one: they decide by their rules. A human seat is played through a controller:
the table companion asks the person, a test answers from a script.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .core.controllers import Controller

if TYPE_CHECKING:
    from .core.context import Game
    from .factions.riverfolk.services import Offer, Purchase


class HumanController(Controller, Protocol):
    def take_turn(self, g: Game, faction: str) -> None:
        """Play the human's whole turn (the engine then passes play on)."""

    def assign_hits(self, g: Game, faction: str, clearing: int, hits: int, removable: list[str]) -> list[str]:
        """Order in which to remove this seat's buildings and tokens (``removable``: kinds).

        Warriors are always removed first (LoR 4.3.4); this is asked only for the rest.
        """

    def ambush_card(self, g: Game, faction: str, clearing: int, attacker: str) -> int | None:
        """An ambush card matching the clearing against a Better Bot attacker, or None (BBP 3.2)."""

    def outrage_card(self, g: Game, faction: str, clearing: int) -> int | None:
        """A card matching the clearing to give to the Alliance's Supporters, or None."""

    def field_hospitals(self, g: Game, faction: str, clearing: int, warriors: int) -> int | None:
        """A human Marquise: a card matching the clearing to spend on Field Hospitals, or None."""

    def automated_outrage_discard(self, g: Game, faction: str, clearing: int) -> int:
        """The card matching the clearing this seat discards for the Automated Alliance's Outrage
        (6.2.3). Asked only when the hand holds one; discarding is then compulsory."""
    def enlist_arbiter(self, g: Game, faction: str, clearing: int, attacker: str) -> bool:
        """A human defender: enlist the Arbiter Vagabot standing in the battle clearing (7.7.6)?"""

    def buy_services(self, g: Game, faction: str, offer: Offer) -> list[Purchase]:
        """At the start of this seat's Birdsong: which Riverfolk Robots services to buy (9.2.3),
        as (service, Market card for Hand Card or None), within ``offer``'s allowance and price."""

    def riverfolk_hand(self, g: Game, faction: str, buyer: str) -> list[int]:
        """A human Riverfolk Company: the cards it holds, face up, when the bot ``buyer`` may buy
        one of them with a Hand Card (9.7: bots buy from a human Riverfolk as from the bot)."""

    def investors_discard(self, g: Game, faction: str, clearings: list[int]) -> int:
        """The card matching one of ``clearings`` this seat discards for the Drillbit Duchy's
        Investors trait (Cost of Errors it set off). Asked only when the hand holds one; the
        discard is then compulsory."""

    def guess_plot(self, g: Game, faction: str, clearing: int) -> str:
        """The Corvids' Gamble trait (3.3.2): which kind the facedown plot in ``clearing`` is
        (bomb, snare, extortion or raid)."""


class ScriptedHuman:
    """A human seat for tests and examples: takes no actions on its turn, answers hit
    assignment in the order given by ``preference`` (kinds listed first are removed first),
    gives (or discards, for Automated Outrage) the first matching card when one is owed, uses
    Field Hospitals if ``hospitals``, plays the first matching ambush card if ``ambush`` (BBP 3.2), enlists the Arbiter if ``enlist`` and guesses ``guess`` for
    the Corvids' Gamble. It buys the Riverfolk services named in ``services`` (Hand Card takes
    the leftmost Market card not yet taken), as many as the offer and its warriors allow, in the
    order given. As a Riverfolk Company it shows its whole hand to a bot buying a Hand Card, or
    the cards named in ``shows`` when given."""

    def __init__(
        self,
        preference: tuple[str, ...] = (),
        hospitals: bool = False,
        enlist: bool = False,
        guess: str = "bomb",
        services: tuple[str, ...] = (),
        ambush: bool = False,
        shows: tuple[str, ...] | None = None,
    ) -> None:
        self.preference = preference
        self.hospitals = hospitals
        self.enlist = enlist
        self.guess = guess
        self.services = services
        self.ambush = ambush
        self.shows = shows
        self.turns_taken = 0

    def take_turn(self, g: Game, faction: str) -> None:
        self.turns_taken += 1
        g.emit(faction, "LoR 1.4.1", "human_turn", "takes its turn at the table (no actions recorded)")

    def assign_hits(self, g: Game, faction: str, clearing: int, hits: int, removable: list[str]) -> list[str]:
        rank = {k: i for i, k in enumerate(self.preference)}
        return sorted(removable, key=lambda k: rank.get(k, len(rank)))

    def ambush_card(self, g: Game, faction: str, clearing: int, attacker: str) -> int | None:
        return _first_matching(g, faction, clearing, "ambush") if self.ambush else None

    def outrage_card(self, g: Game, faction: str, clearing: int) -> int | None:
        return _first_matching(g, faction, clearing)

    def field_hospitals(self, g: Game, faction: str, clearing: int, warriors: int) -> int | None:
        return _first_matching(g, faction, clearing) if self.hospitals else None

    def automated_outrage_discard(self, g: Game, faction: str, clearing: int) -> int:
        card = _first_matching(g, faction, clearing)
        assert card is not None, "asked only when a matching card is in hand"
        return card

    def enlist_arbiter(self, g: Game, faction: str, clearing: int, attacker: str) -> bool:
        return self.enlist

    def buy_services(self, g: Game, faction: str, offer: Offer) -> list[Purchase]:
        out: list[Purchase] = []
        cards = list(offer.market)
        for service in self.services[: offer.affordable(g.state)]:
            if service == "hand_card":
                if not cards:
                    continue
                out.append((service, cards.pop(0)))
            else:
                out.append((service, None))
        return out

    def riverfolk_hand(self, g: Game, faction: str, buyer: str) -> list[int]:
        hand = g.state.factions[faction].hand
        if self.shows is None:
            return list(hand)
        return [c for c in hand if g.state.deckdef.card(c).name in self.shows]

    def investors_discard(self, g: Game, faction: str, clearings: list[int]) -> int:
        for c in clearings:
            card = _first_matching(g, faction, c)
            if card is not None:
                return card
        raise AssertionError("asked only when a matching card is in hand")

    def guess_plot(self, g: Game, faction: str, clearing: int) -> str:
        return self.guess


def _first_matching(g: Game, faction: str, clearing: int, kind: str | None = None) -> int | None:
    s = g.state
    suit = s.suit(clearing)
    for card in s.factions[faction].hand:
        if s.deckdef.card(card).suit in (suit, "bird") and kind in (None, s.deckdef.card(card).kind):
            return card
    return None
