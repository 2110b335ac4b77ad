"""What each kind of Arnak command does, in the rulebook's words (the table's ``E``)."""

from __future__ import annotations

from core.language import N_

WHAT = {
    "arnak.play_card": N_(
        "Play a card from your hand for its effect: an effect marked free is a "
        "free action, any other is your main action (an artifact costs 1 tablet as well)."
    ),
    "arnak.dig": N_(
        "Main action: send an archaeologist to a free space of a camp or a discovered "
        "site, paying its travel with your cards' travel symbols; take the site's effect."
    ),
    "arnak.discover": N_(
        "Main action: send an archaeologist to an undiscovered site, paying its "
        "compasses and travel; take its idol, then its site tile; a guardian appears there."
    ),
    "arnak.overcome": N_(
        "Main action: overcome the guardian where your archaeologist stands, "
        "paying what it shows: it is worth 5 VP and gives a boon; else it gives a Fear card."
    ),
    "arnak.buy": N_(
        "Main action: buy an item with coins or an artifact with compasses from the "
        "card row (an item goes under your deck; an artifact's effect may be used at once)."
    ),
    "arnak.research": N_(
        "Main action: move the magnifying glass or the notebook up the research "
        "track, paying the row's cost; the notebook never passes the glass; the top is the temple."
    ),
    "arnak.use_assistant": N_("Free action: use a recruited assistant's effect, once a round."),
    "arnak.use_boon": N_("Free action: use the boon of a guardian you overcame, once in the game."),
    "arnak.slot_idol": N_(
        "Free action: put an idol into your leftmost empty slot for one of its "
        "effects; an idol scores 3 VP anywhere, an empty slot scores too."
    ),
    "arnak.pass": N_(
        "Main action: pass for this round; the others play on until all have passed, "
        "then the round ends."
    ),
    "arnak.end_turn": N_("End your turn once its main action is taken (unused travel is lost)."),
    "arnak.choose": N_(
        "Answer the question a card, site, idol or research step asks: each "
        "answer says what it gives."
    ),
}
