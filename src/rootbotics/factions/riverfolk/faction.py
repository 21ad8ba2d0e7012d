"""The Riverfolk Company and the Riverfolk Robots (Law of Robotics section 9): what the faction
is, its board (the Market, the Payments box and the Protectionism conditions met this turn), and
its services as other seats use them (``services.py``): Mercenaries in rule and battle (9.2.3
III) and a bought Hand Card as a bot's order card (9.2.3 I), with the bot's traits Ferocious and
Garrison (3.3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...core.context import Game
from ...core.faction import LAW, CardLedger, Faction, TableValue
from ...core.fields import StateError, at, count, lst, obj, show, string
from ...core.maps import CLEARINGS, SUITS
from . import bbp_market, bot_services, company, services
from .services import RIVERFOLK, SERVICES

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState

from .board import MARKET_SIZE, PROTECTION, TRADE_POSTS_PER_SUIT, RiverfolkBoard, trade_posts_placed


class Riverfolk(Faction):
    name = RIVERFOLK
    bot_name = "Riverfolk Robots"
    human_name = "Riverfolk Company"
    pieces = {"bot": {"warrior": 15, "trade_post": 9}, "human": {"warrior": 15, "trade_post": 9}}  # 9.3.1, 9.3.3
    human_seat = True  # the Law of Root Riverfolk Company beside the bots (``company.py``)
    tokens = frozenset({"trade_post"})
    one_per_clearing = frozenset({"trade_post"})  # 9.5.1
    swims = True  # LoR 11.2.2: a human Company treats rivers as paths (``core/paths.py``)
    sells_services = True
    service_names = SERVICES
    board_fields = ("market", "payments", "protection", "trade_posts", "export", "lost_posts", "company")  # export, lost_posts: the Otter Overlords' (BBP); company: a human seat's
    difficulty_text = {
        "easy": "Build and Garrison places the trade post with no warrior.",
        "default": "As the Law says (one warrior with the new trade post).",
        "challenging": "Build and Garrison places two warriors with the new trade post.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    }
    trait_text = {
        "garrison": "As defender it is never defenseless, and each of its trade posts on the map adds 1 to its maximum rolled hits.",
        "greedy": "It scores 1 VP whenever the player with the most VP buys any of its services.",
        "ferocious": "As attacker its maximum rolled hits is always 3.",
        "involved": "In the turn of a human who bought no Mercenaries, that human's enemies battle it as if they had bought Mercenaries.",
    }

    rule_sets = (LAW, "bbp")  # the Law's bot (bot.py) and the Better Bot Project's Otter Overlords (bbp.py)
    rule_set_bot_names = {"bbp": "Otter Overlords"}
    table_values = (
        TableValue(bbp_market.EXPORT_OPTION, bbp_market.EXPORT_FLAG, RIVERFOLK, "bbp", "Otter Overlords' export track (VP per step)", "VPS", bbp_market.EXPORT_HELP, bbp_market.export_table_options),
    )

    def stand_ins(self, rule_set: str, options: dict[str, object]) -> list[tuple[str, str]]:
        if rule_set == "bbp" and bbp_market.EXPORT_OPTION not in options:
            return [("BBP OO.5", "the Otter Overlords' export track: 1 VP on every step, no end (stand-in, R-BBP-OO-EXPORT)")]
        return []

    def bot(self, rule_set: str = LAW) -> Any:
        if rule_set == "bbp":
            from .bbp import BetterOtters

            return BetterOtters()
        from .bot import RiverfolkRobots

        return RiverfolkRobots()

    def new_board(self, seat: str) -> RiverfolkBoard | company.CompanyBoard:
        return RiverfolkBoard() if seat == "bot" else company.CompanyBoard()

    def option_problem(self, options: dict[str, object]) -> str | None:
        policy = options.get(services.OPTION)
        if policy is not None and policy not in services.POLICIES:
            return f"options.{services.OPTION}: {policy!r} is not a services policy (choose from {', '.join(services.POLICIES)})"
        return bbp_market.export_option_problem(options)

    def turn_starting(self, g: Game, faction: str) -> None:
        if bbp_market.otters(g.state) is not None:
            bbp_market.offer_cards(g, faction)  # BBP OO.5 (ruling R-BBP-OO-WHEN)
            return
        if g.state.factions[faction].is_bot:
            bot_services.turn_start(g, faction)  # 9.7: the Advanced cards that act then
        else:
            services.offer_services(g, faction)  # 9.2.3: at the start of the buyer's Birdsong

    # -- the human Company by the Law of Root (LoR 11; ``lor.py``, ``lor_services.py``) -------------
    def lor(self) -> Any:
        from . import lor

        return lor

    def hand_is_public(self, state: GameState, faction: str) -> bool:
        """LoR 11.2.3: the human Company's hand lies face up."""
        return not state.factions[faction].is_bot

    def lor_birdsong_starting(self, g: Game, faction: str) -> None:
        """LoR 11.2.6: a seat played by the Law of Root may buy the human Company's services."""
        if company.company_of(g.state) is not None and faction != RIVERFOLK:
            from . import lor_services

            lor_services.offer(g, faction)

    # -- what bots buy, as the Services cards say (9.7, ``bot_services.py``) -----------------------
    def bot_crafting(self, g: Game, faction: str, card: int) -> int:
        return bot_services.before_craft(g, faction, card)

    def bot_battling(self, g: Game, attacker: str, c: int) -> None:
        bot_services.battling(g, attacker, c)

    def bot_cannot_build(self, g: Game, faction: str, able: Callable[[], bool], what: str) -> bool:
        return bot_services.cannot_build(g, faction, able, what)

    def bot_rivers_as_paths(self, state: GameState, faction: str) -> bool:
        return bot_services.rivers_as_paths(state, faction)

    def bot_by_river(self, g: Game, faction: str, a: int, b: int) -> bool:
        return bot_services.by_river(g, faction, a, b)

    def bot_ambush(self, g: Game, defender: str, attacker: str, c: int) -> int | None:
        return bot_services.ambush_in_front(g, defender, attacker, c)

    # -- saved positions ------------------------------------------------------------------------
    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        b = fs.board
        if isinstance(b, company.CompanyBoard):
            return {"company": company.company_json(b)}
        if not isinstance(b, RiverfolkBoard) or b.market is None:
            return {}
        post = (RIVERFOLK, "trade_post")
        if isinstance(b, bbp_market.OtterBoard):  # the Otter Overlords (BBP): an export track, no Protectionism
            return {
                "market": [state.deckdef.card(c).name for c in b.market],
                "payments": {k: n for k, n in sorted((b.payments or {}).items()) if n},
                "export": b.export,
                "trade_posts": {str(c): state.suits[c] for c in CLEARINGS if post in state.clearings[c].tokens},
                **({"lost_posts": {k: n for k, n in sorted(b.lost_posts.items()) if n}} if any(b.lost_posts.values()) else {}),
            }
        return {
            "market": [state.deckdef.card(c).name for c in b.market],
            "payments": {k: n for k, n in sorted((b.payments or {}).items()) if n},
            "protection": list(b.protection or []),
            # 9.3.3: each trade post on the map with its suit (its clearing's), so a reader sees
            # which track it came from and returns to (9.2.2)
            "trade_posts": {str(c): state.suits[c] for c in CLEARINGS if post in state.clearings[c].tokens},
        }

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        """The Market (9.2.1), Payments box (9.2.3) and Protectionism (9.2.4). Payments name other
        seats, so they are checked once every seat is read (``check_position``)."""
        here = [k for k in self.board_fields if k in raw and (k == "company") == (fs.seat == "bot")]
        if here:
            whose = "the Riverfolk Company (a human seat)" if here[0] == "company" else "the Riverfolk Robots"
            raise StateError(f"{path}.{here[0]}", f"only {whose} have this on their board")
        if fs.seat != "bot":
            fs.board = company.read_company(state, raw.get("company", {}), f"{path}.company")
            return
        market = cards.many(raw.get("market", []), f"{path}.market")
        payments = {owner: count(n, at(f"{path}.payments", owner)) for owner, n in obj(raw.get("payments", {}), f"{path}.payments").items()}
        if fs.rule_set == bbp_market.BBP:
            fs.board = read_otter_board(raw, path, market, payments)
            return
        if "export" in raw:
            raise StateError(f"{path}.export", "only the Otter Overlords (rule set bbp) have an export track")
        if "lost_posts" in raw:
            raise StateError(f"{path}.lost_posts", "only the Otter Overlords (rule set bbp) lose their trade posts for good; the Law's bot gets them back (9.2.2)")
        if len(market) > MARKET_SIZE:
            raise StateError(f"{path}.market", f"the Market holds five cards at most, not {len(market)}")
        protection = [string(p, f"{path}.protection.{i}", PROTECTION) for i, p in enumerate(lst(raw.get("protection", []), f"{path}.protection"))]
        fs.board = RiverfolkBoard(market, payments, protection)

    def describe_cards(self, state: GameState, fs: FactionState) -> str | None:
        b = fs.board
        if isinstance(b, company.CompanyBoard):
            return company.describe(b)
        if not isinstance(b, RiverfolkBoard) or b.market is None:
            return None
        row = ", ".join(state.deckdef.card(c).label() for c in b.market) or "empty"
        paid = ", ".join(f"{k} {n}" for k, n in sorted((b.payments or {}).items())) or "empty"
        export = f"; export track: step {b.export}" if isinstance(b, bbp_market.OtterBoard) else ""
        if isinstance(b, bbp_market.OtterBoard) and any(b.lost_posts.values()):
            export += "; trade posts out of the game: " + ", ".join(f"{k} {n}" for k, n in sorted(b.lost_posts.items()) if n)
        return f"Market (left to right): {row}; Payments: {paid}{export}"

    def check_position(self, state: GameState, data: dict[str, Any]) -> None:
        """Payments hold warriors of seated factions that have warriors; the trade posts lie on
        their suits' tracks."""
        self._check_payments(state)
        self._check_trade_posts(state, data)
        self._check_lost_posts(state)

    def _check_lost_posts(self, state: GameState) -> None:
        """The Otter Overlords' trade posts out of the game (ruling R-BBP-OO-POSTS): as many as
        ``removed.trade_post`` says, and with those on the map at most three of a suit (9.3.3)."""
        fs = state.factions[RIVERFOLK]
        b = fs.board
        if not isinstance(b, bbp_market.OtterBoard):
            return
        path = f"factions.{RIVERFOLK}.lost_posts"
        gone = fs.removed.get("trade_post", 0)
        if sum(b.lost_posts.values()) != gone:
            raise StateError(path, f"lists {sum(b.lost_posts.values())} trade post(s) out of the game, but removed.trade_post says {gone}: list each removed trade post by its suit")
        for suit, n in b.lost_posts.items():
            if trade_posts_placed(state, suit) + n > TRADE_POSTS_PER_SUIT:
                raise StateError(at(path, suit), f"{n} {suit} trade post(s) out of the game and {trade_posts_placed(state, suit)} on the map: a suit has only {TRADE_POSTS_PER_SUIT} (9.3.3)")

    def _check_trade_posts(self, state: GameState, data: dict[str, Any]) -> None:
        """9.3.3: a trade post has its clearing's suit, and each suit's track holds three. The
        ``trade_posts`` entry (clearing -> suit) is optional: files from before it was saved load
        with the suits taken from the clearings; when given it must agree with the map."""
        raw = data["factions"][RIVERFOLK]
        path = f"factions.{RIVERFOLK}.trade_posts"
        post = (RIVERFOLK, "trade_post")
        placed = {c: state.suits[c] for c in CLEARINGS if post in state.clearings[c].tokens}
        if "trade_posts" in raw:
            if not state.factions[RIVERFOLK].is_bot:
                raise StateError(path, "only the Riverfolk Robots keep suited Trade Posts tracks")
            given = obj(raw["trade_posts"], path)
            for key, suit in given.items():
                kpath = at(path, key)
                if key not in {str(c) for c in CLEARINGS}:
                    raise StateError(kpath, "is not a clearing (clearings are 1 to 12)")
                c = int(key)
                string(suit, kpath, SUITS)
                if c not in placed:
                    raise StateError(kpath, f"clearing {c} holds no trade post")
                if suit != placed[c]:
                    raise StateError(kpath, f"the trade post in {c} is {suit}, but {c} is a {placed[c]} clearing: a clearing takes a trade post of its own suit")
            missing = sorted(set(placed) - {int(k) for k in given})
            if missing:
                raise StateError(path, f"the trade post in {missing[0]} is not listed")
        for suit in SUITS:
            n = sum(1 for v in placed.values() if v == suit)
            if n > TRADE_POSTS_PER_SUIT:
                raise StateError("clearings", f"{n} {suit} trade posts are on the map, but the {suit} Trade Posts track holds only {TRADE_POSTS_PER_SUIT} (9.3.3)")

    def _check_payments(self, state: GameState) -> None:
        from ...core.faction import piece_totals

        b = state.factions[RIVERFOLK].board
        if isinstance(b, company.CompanyBoard):
            company.check_company(state, b)
            return
        if not isinstance(b, RiverfolkBoard) or b.payments is None:
            return
        for owner in list(b.payments):
            opath = at(f"factions.{RIVERFOLK}.payments", owner)
            if owner not in state.factions:
                raise StateError(opath, f"{show(owner)} is not playing in this game")
            if "warrior" not in piece_totals(owner, state.factions[owner].seat):
                raise StateError(opath, f"the {owner} has no warriors")
            if b.payments[owner] == 0:
                del b.payments[owner]

    def held_path(self, state: GameState, owner: str, kind: str) -> str:
        b = state.factions[RIVERFOLK].board
        if isinstance(b, company.CompanyBoard):
            return company.held_path(state, owner)
        return at(f"factions.{RIVERFOLK}.payments", owner) if b is not None and b.held(owner, kind) else ""

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        """A Market of at most five cards, Payments only of seated factions with warriors."""
        out: list[str] = []
        b = fs.board
        if isinstance(b, company.CompanyBoard):
            return company.track_problems(state, b)
        size = bbp_market.MARKET_CARDS if isinstance(b, bbp_market.OtterBoard) else MARKET_SIZE
        if isinstance(b, RiverfolkBoard) and b.market is not None and len(b.market) > size:
            out.append(f"the Market holds {len(b.market)} cards, more than {size}")
        if isinstance(b, bbp_market.OtterBoard) and b.export < 0:
            out.append(f"the export marker is at step {b.export}, before the track's start")
        if isinstance(b, bbp_market.OtterBoard):  # ruling R-BBP-OO-POSTS: removed trade posts are out of the game, by suit
            if sum(b.lost_posts.values()) != fs.removed.get("trade_post", 0):
                out.append(f"{sum(b.lost_posts.values())} trade posts recorded out of the game by suit, but {fs.removed.get('trade_post', 0)} removed")
            for suit, n in b.lost_posts.items():
                if suit not in SUITS or n < 0 or trade_posts_placed(state, suit) + n > TRADE_POSTS_PER_SUIT:
                    out.append(f"{n} {suit} trade posts out of the game with {trade_posts_placed(state, suit)} on the map (9.3.3: three per suit)")
        if fs.rule_set == bbp_market.BBP and b is not None and b.market is not None and not isinstance(b, bbp_market.OtterBoard):
            out.append("the Otter Overlords' board has no export track")
        if isinstance(b, RiverfolkBoard) and b.payments is not None:
            for f, n in b.payments.items():
                if f not in state.factions or n <= 0:
                    out.append(f"Payments: {n} warriors of {f}")
        for suit in SUITS:  # 9.3.3: three trade posts on each suit's track
            if trade_posts_placed(state, suit) > TRADE_POSTS_PER_SUIT:
                out.append(f"{trade_posts_placed(state, suit)} {suit} trade posts on the map (9.3.3: three per suit)")
        return out

    def piece_removing(self, state: GameState, c: int, kind: str) -> object:
        if kind == "trade_post" and company.company_of(state) is not None:
            company.trade_post_leaving(state, c)
        return None

    def piece_removed(self, g: Game, c: int, kind: str, by: str | None, memo: object) -> None:
        if kind != "trade_post":
            return
        if company.company_of(g.state) is not None:
            company.trade_post_removed(g)  # a human Company's trade post leaves the game (LoR 11.2.5.1; 9.2.2 is the bot's)
            from . import lor

            if lor.by_legal_moves(g):
                lor.trade_disruption(g)  # LoR 11.2.5.1; at the table, funds are moved by hand
        else:
            bbp_market.trade_post_removed(g, c)  # the Otters': out of the game, the export track a step back (BBP OO.6)

    # -- services as other seats use them ---------------------------------------------------------
    def hired_warriors(self, state: GameState, faction: str, c: int, opponent: str | None = None) -> int:
        return services.mercenary_warriors(state, faction, c, opponent)

    def split_hits(self, state: GameState, faction: str, c: int, hits: int) -> tuple[int, int]:
        return services.split_hits(state, faction, c, hits)

    def ruling_helper(self, state: GameState, c: int) -> Callable[[str], int] | None:
        return services.ruling_presence(state, c)

    def hired_now(self, state: GameState, faction: str) -> bool:
        return services.mercenaries(state, faction)

    def order_card_bought(self, state: GameState, faction: str) -> bool:
        return state.has_service(faction, services.HAND_CARD)

    def reveal_bought_order(self, g: Game, faction: str, rule: str) -> None:
        order = g.state.factions[faction].order
        assert order is not None
        c = g.state.deckdef.card(order)
        seller = g.state.factions.get(RIVERFOLK)
        market = "the Otter Overlords' market" if seller is not None and seller.rule_set == bbp_market.BBP else "the Riverfolk's Market"
        g.emit(faction, rule, "order", "reveals {card}, bought from " + market + ", as its order card", card=c.label(), card_id=c.name, suit=c.suit)

    # -- its traits in battle (3.3.2) -----------------------------------------------------------
    def adjust_maximum_hits(self, g: Game, attacker: str, defender: str, c: int, att_max: int, def_max: int) -> tuple[int, int]:
        """Ferocious: its maximum rolled hits attacking is 3. Garrison: defending, each of its trade
        posts on the map adds 1, as the card says (ruling R-TRAIT-GARRISON)."""
        if attacker == RIVERFOLK and _has_trait(g, "ferocious"):
            att_max = 3
            g.emit(attacker, "3.3.2", "ferocious", "Ferocious: its maximum rolled hits is 3")
        posts = g.state.on_map(RIVERFOLK, "trade_post") if defender == RIVERFOLK and _has_trait(g, "garrison") else 0
        if posts:
            def_max += posts
            g.emit(defender, "3.3.2", "garrison", "by Garrison, its {n} trade post{pl} on the map add{s} {n} to its maximum rolled hits", n=posts, pl="s" if posts > 1 else "", s="" if posts > 1 else "s")
        return att_max, def_max

    def never_defenseless(self, g: Game, faction: str) -> bool:
        return _has_trait(g, "garrison")  # Garrison: as defender it is never defenseless


def read_otter_board(raw: dict[str, Any], path: str, market: list[int], payments: dict[str, int]) -> bbp_market.OtterBoard:
    """The Otter Overlords' board (BBP OO.1, OO.5): a market of four cards at most, the Payments
    box and the export marker; no Protectionism in that rule set."""
    if "protection" in raw:
        raise StateError(f"{path}.protection", "the Otter Overlords (rule set bbp) have no Protectionism")
    if len(market) > bbp_market.MARKET_CARDS:
        raise StateError(f"{path}.market", f"the Otters' market holds four cards at most, not {len(market)}")
    lost = {string(suit, at(f"{path}.lost_posts", suit), SUITS): count(n, at(f"{path}.lost_posts", suit)) for suit, n in obj(raw.get("lost_posts", {}), f"{path}.lost_posts").items()}
    return bbp_market.OtterBoard(market, payments, count(raw.get("export", 0), f"{path}.export"), {k: n for k, n in lost.items() if n})


def _has_trait(g: Game, trait: str) -> bool:
    fs = g.state.factions[RIVERFOLK]
    return fs.is_bot and trait in fs.traits
