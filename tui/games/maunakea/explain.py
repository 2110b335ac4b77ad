"""What each kind of Mauna Kea command does, in the rulebook's words, and the keys that make
it (the table's ``E``)."""

from __future__ import annotations

from core.language import N_, Translator

WHAT = {
    "maunakea.place_explorer": N_(
        "Before the first turn: place an explorer on a free start space "
        "beside the volcano (one explorer per space)."
    ),
    "maunakea.place_tile": N_(
        "Expand the terrain: lay a tile of your hand face up on any empty "
        "space of the board, in any of 4 orientations (its movement points are not used)."
    ),
    "maunakea.spend_tile": N_(
        "Use a tile's movement points: they go to your pool for this turn "
        "and the tile goes back into the bag."
    ),
    "maunakea.move": N_(
        "Move an explorer to an adjacent space, and on: jungle costs 1 point, "
        "water 2; never onto mountains, lava, empty slots or another explorer."
    ),
    "maunakea.pick_up": N_("Take an artifact where the explorer stands (it carries at most 3)."),
    "maunakea.drop": N_("Leave an artifact the explorer carries on its space."),
    "maunakea.board": N_(
        "Board the boat next to the explorer for 1 point, with the artifacts it "
        "has room for: explorer and artifacts are saved; each empty place costs 1 VP."
    ),
    "maunakea.end_turn": N_(
        "Every tile played: end the turn, and draw tiles until they show 5 "
        "movement points or more (a lava tile drawn is laid at once)."
    ),
    "maunakea.keep_cards": N_("The advanced game: keep 4 of the 6 cards dealt, in secret."),
    "maunakea.play_move_card": N_(
        "Play a jungle, water or mountain movement card: move one "
        "explorer any number of spaces of that terrain."
    ),
    "maunakea.play_earthquake": N_(
        "Play an earthquake: turn a terrain tile with no explorer on it, "
        "then you may draw a tile and place it."
    ),
    "maunakea.quake_draw": N_("After an earthquake: draw one tile and place it, or not."),
    "maunakea.play_helicopter": N_(
        "Play a helicopter: fly an explorer and its artifacts off the "
        "island (the artifacts score, the explorer does not; never your last explorer)."
    ),
}

ARROWS = N_("arrows")  # TRANSLATORS: the arrow keys, in a list of keys: "tab, arrows, enter"
KEYS: dict[str, tuple[str, ...]] = {  # the keys' names as the footer shows them, and ARROWS
    "maunakea.place_explorer": (ARROWS, "enter"),
    "maunakea.place_tile": ("1…5", ARROWS, "r", "enter"),
    "maunakea.spend_tile": ("1…5", "s"),
    "maunakea.move": ("tab", ARROWS, "enter"),
    "maunakea.pick_up": ("tab", "p"),
    "maunakea.drop": ("tab", "d"),
    "maunakea.board": ("tab", "b"),
    "maunakea.end_turn": ("e",),
    "maunakea.keep_cards": ("c",),
    "maunakea.play_move_card": ("c", ARROWS, "enter"),
    "maunakea.play_earthquake": ("c", ARROWS, "r", "enter"),
    "maunakea.quake_draw": ("y / n",),
    "maunakea.play_helicopter": ("c", "tab", "enter"),
}


def keys_said(tag: str) -> str:
    """The keys of a kind of command, in the player's language: ``tab, arrows, enter``."""
    _ = Translator("maunakea").gettext
    return ", ".join(_(key) if key == ARROWS else key for key in KEYS.get(tag, ()))
