"""The JSON position: the whole state as plain data, plus a summary that names every scoring
part of each player and counts every component where it lies, so a checker can verify
conservation without importing the engine."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from typing import Any

from core.errors import PositionError
from core.games.arnak.scoring import outcome, parts
from core.games.arnak.state import HIDDEN, ArnakState, Assistant, Frame, Player
from core.position import result_section

FORMAT = 1


def dump(state: ArnakState) -> dict[str, Any]:
    data = dataclasses.asdict(state)
    data["bonus"] = {str(k): list(v) for k, v in state.bonus.items()}  # never the live lists
    config: dict[str, Any] = {
        "players": state.players,
        "side": state.side,
        "start_player": state.start_player_option,
    }
    return {
        "game": "arnak",
        "format": FORMAT,
        "config": config,
        "state": data,
        "summary": summary(state),
        "result": result_section(outcome(state), ended_by(state)),
    }


def ended_by(state: ArnakState) -> str:
    """Why the game ended: after round five, or at the table's turn limit (a house rule)."""
    if state.phase != "over":
        return ""
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        return "turn_limit"
    return "round_five"


def load(doc: Mapping[str, Any]) -> ArnakState:
    try:
        if doc.get("game") != "arnak":
            raise PositionError("this position is not an Arnak position")
        raw = copy.deepcopy(dict(doc["state"]))  # never share lists with the document
        seats = [
            Player(**{**p, "assistants": [Assistant(**a) for a in p["assistants"]]})
            for p in raw.pop("seats")
        ]
        stack = [Frame(**f) for f in raw.pop("stack")]
        bonus = {int(k): list(v) for k, v in raw.pop("bonus").items()}
        return ArnakState(**raw, seats=seats, stack=stack, bonus=bonus)
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"not a valid Arnak position: {exc}") from None


def summary(state: ArnakState) -> dict[str, Any]:
    """Scoring parts per player and the count of each component in each place."""
    players = []
    for seat, p in enumerate(state.seats):
        players.append(
            {
                "seat": seat + 1,
                "score": parts(state, seat) if state.seats else {},
                "cards": {
                    "deck": len(p.deck),
                    "hand": len(p.hand),
                    "play": len(p.play),
                    "aside": len(p.aside),
                    "exiled": len(p.exiled),
                },
                "idols": {"crates": p.idols, "slots": p.slots},
                "guardians": len(p.guardians),
                "assistants": [a.id for a in p.assistants],
                "fear_tiles": p.fear_tiles,
                "temple_tiles": len(p.temple_tiles),
                "bonus_tiles": len(p.bonus_tiles),
            }
        )
    row = [c for c in [*state.row_art, *state.row_items] if c is not None]
    return {
        "players": players,
        "market": {
            "row": len(row),
            "item_deck": len(state.item_deck),
            "artifact_deck": len(state.art_deck),
            "item_exile": len(state.item_exile),
            "artifact_exile": len(state.art_exile),
            "revealed": int(state.revealed is not None),
            "fear_deck": len(state.fear_deck),
            "fear_tiles": state.fear_tiles,
        },
        "board": {
            "idols_on_sites": sum(1 for v in state.idol_up.values() if v is not None)
            + sum(1 for v in state.idol_down.values() if v is not None),
            "idols_in_box": len(state.idol_box),
            "idols_spent": state.idols_spent,
            "guardians_on_sites": sum(1 for v in state.guardian.values() if v is not None),
            "guardian_stack": len(state.guardians),
            "sites1": len(state.sites1)
            + sum(1 for k, v in state.site_tile.items() if v is not None and k.startswith("L1")),
            "sites2": len(state.sites2)
            + sum(1 for k, v in state.site_tile.items() if v is not None and k.startswith("L2")),
            "assistants_supply": sum(len(s) for s in state.supply),
            "rescue": len(state.rescue),
        },
        "research": {
            "bonus_on_track": sum(len(v) for v in state.bonus.values()),
            "bonus_box": len(state.bonus_box),
            "temple_bonus": len(state.temple_bonus),
            "temple_stacks": list(state.temple_stacks),
        },
        "hidden": HIDDEN,
    }
