"""A lesson's position holds only money its sales paid: in play (before the final scoring) the
bank pays only for a canoe sold, its doubled sum, and a most-valuable-canoe tile is taken by a
sale that paid at least its number. The most-species lesson gave Anna 66 coins for five sold
canoes that paid 34; the most-valuable-canoe lesson gave Ben tile 26 and Anna tiles 16 and 18
with no sale at all (a drill drew that position: "sold one canoe for 26, holds 16, 18, 24")."""
from __future__ import annotations

import re

import pytest

from tutor.core.walkthrough import by_id, library, replay

LESSONS = [w for w in library() if str(getattr(w, "id", w)).startswith("trapper/")]


@pytest.mark.parametrize("wid", LESSONS, ids=str)
def test_money_and_canoe_tiles_come_from_the_canoes_sold(wid):
    replayed = replay(by_id(wid) if isinstance(wid, str) else wid)
    for frame in replayed.frames:
        facts = replayed.game.facts(frame.state)
        if facts.get("over"):
            continue  # the final scoring pays and takes money for other things
        for player in replayed.game.players(frame.state):
            bonus = str(facts[f"bonus.{player}"])
            if "species" in bonus:
                continue  # canoes handed in for a species tile are no longer listed as sold
            sales = sorted((int(v) for v in re.findall(r"\((\d+)\)", str(facts[f"sold.{player}"]))),
                           reverse=True)
            where = f"{wid} frame {frame.index}, {player}"
            assert facts[f"money.{player}"] == sum(sales), where
            tiles = sorted((int(n) for n in re.findall(r"canoe (\d+)", bonus)), reverse=True)
            assert len(tiles) <= len(sales) and all(
                sale >= tile for sale, tile in zip(sales, tiles)), (where, sales, tiles)
