"""What each kind of Kilauea command does, in the rulebook's words (the table's ``E``)."""

from __future__ import annotations

from core.language import N_

WHAT = {
    "kilauea.draft_tiki": N_(
        "Setup: take a Tiki from a volcano sector into your canoe (one each, "
        "then a second in reverse order)."
    ),
    "kilauea.move_canoe": N_(
        "Advance the shared canoe clockwise: one space is a must and free; "
        "each free Tiki space in your canoe allows one more; further spaces cost Sacred Stones."
    ),
    "kilauea.cut_tiki": N_(
        "Cut 1 or 2 Tikis from the forest beside the canoe into your canoe: a "
        "Tiki can be cut only when every path to it is open; the canoe holds 4."
    ),
    "kilauea.build_on_volcano": N_(
        "Put a canoe Tiki on its colour's column of the canoe's volcano "
        "sector, then take up to 3 Sacred Stones from the crater."
    ),
    "kilauea.build_on_island": N_(
        "Offer 2 Sacred Stones to the volcano: a canoe Tiki goes to your "
        "island, in the canoe's sector; it scores at the end, times its volcano column's worth."
    ),
    "kilauea.use_tile": N_(
        "Use an action tile your main action earned (the reef tile beside the "
        "canoe, a slope tile): each once, in the turn that earns it."
    ),
    "kilauea.end_turn": N_("End your turn (a tile not used by then is lost)."),
}
