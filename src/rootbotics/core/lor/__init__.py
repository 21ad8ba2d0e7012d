"""The Law of Root's rules that every human faction shares, as legal moves (DESIGN 7).

A human seat's turn is plain code in its faction's folder (``factions/<name>/lor.py``) that asks
its controller at every choice (:func:`rootbotics.core.moves.ask`). What all factions share lives
here, one module per part of the Law of Root:

- ``cards``: hands, spending and discarding, drawing, the hand limit, the play area (LoR 2.1);
- ``crafting``: crafting pieces, costs, items and persistent effects (LoR 4.1, 3.2.2);
- ``moving``: the legal moves of warriors (LoR 4.2) and their steps (from, to, how many);
- ``battling``: where and whom a seat may battle (LoR 4.3) and the choices inside a battle
  (ambush, the cards used in battle, the order of pieces taking hits);
- ``dominance``: activating and taking dominance cards and the dominance victory (LoR 3.3);
- ``effects``: the persistent effects of the shared deck used at their times in the turn;
- ``exiles``: those of the Exiles and Partisans deck (LoR 19.2; the ones acting inside rule,
  moving and paths are ``core/exiles.py``).
"""
