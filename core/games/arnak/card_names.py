"""The cards' names, marked for the catalogues (components.toml names them in English).

A card's name is said in the reader's language only where it is shown (:func:`words.card_name`);
the engine, the events, replays and the wire keep the English name and the card's id. The basic
cards and Fear are the rulebook's words (de: "Finanzierung", "Erkundung", "Furcht"); the rulebook
shows the other cards only as pictures (shared/reference/arnak-components.md §11.3), so each
catalogue says where its names come from.
"""

from __future__ import annotations

from core.language import N_

BASICS = (N_("Funding"), N_("Exploration"), N_("Fear"))
"""The cards every deck starts with, and Fear: the rulebook names them."""

ITEMS = (
    N_("Sea Turtle"),
    N_("Ostrich"),
    N_("Pack Donkey"),
    N_("Horse"),
    N_("Steam Boat"),
    N_("Automobile"),
    N_("Sturdy Boots"),
    N_("Gold Pan"),
    N_("Trowel"),
    N_("Pickaxe"),
    N_("Hot Air Balloon"),
    N_("Aeroplane"),
    N_("Journal"),
    N_("Parrot"),
    N_("Watch"),
    N_("Army Knife"),
    N_("Binoculars"),
    N_("Tent"),
    N_("Fishing Rod"),
    N_("Precision Compass"),
    N_("Bow and Arrows"),
    N_("Carrier Pigeon"),
    N_("Whip"),
    N_("Rough Map"),
    N_("Airdrop"),
    N_("Flask"),
    N_("Machete"),
    N_("Torch"),
    N_("Large Backpack"),
    N_("Rope"),
    N_("Revolver"),
    N_("Hat"),
    N_("Bear Trap"),
    N_("Grappling Hook"),
    N_("Lantern"),
    N_("Dog"),
    N_("Brush"),
    N_("Axe"),
    N_("Chronometer"),
    N_("Theodolite"),
)
"""The 40 items, in the reference's order (i01-i40)."""

ARTIFACTS = (
    N_("Pathfinder's Sandals"),
    N_("Pathfinder's Staff"),
    N_("War Mask"),
    N_("Treasure Chest"),
    N_("Ritual Dagger"),
    N_("Crystal Earring"),
    N_("Mortar"),
    N_("Serpent's Gold"),
    N_("Serpent Idol"),
    N_("Monkey Medallion"),
    N_("Idol of Ara-Anu"),
    N_("Inscribed Blade"),
    N_("Guardian's Ocarina"),
    N_("Tigerclaw Hairpin"),
    N_("War Club"),
    N_("Sundial"),
    N_("Trader's Scales"),
    N_("Hunting Arrows"),
    N_("Coconut Flask"),
    N_("Cleansing Cauldron"),
    N_("Ancient Wine"),
    N_("Decorated Horn"),
    N_("Ornate Hammer"),
    N_("Star Charts"),
    N_("Stone Jar"),
    N_("Passage Shell"),
    N_("Ceremonial Rattle"),
    N_("Sacred Drum"),
    N_("Trader's Coins"),
    N_("Stone Key"),
    N_("Obsidian Earring"),
    N_("Guiding Stone"),
    N_("Guiding Skull"),
    N_("Runes of the Dead"),
    N_("Guardian's Crown"),
)
"""The 35 artifacts, in the reference's order (a01-a35)."""

NAMES = frozenset((*BASICS, *ITEMS, *ARTIFACTS))
"""Every card's English name the catalogues hold."""
