"""French elides *de*, *le*, *la* and *que* before a vowel (issue 44): a name or a game word put
into a template's placeholder reads "au tour d'Ana", never "au tour de Ana"."""

from __future__ import annotations

from core import language
from core.language import French, Translator


def test_a_name_after_de_elides_it_in_french_only() -> None:
    turn = "It is {player}'s turn. Everyone else, look away: each hand of cards is secret."
    with language.speaking("fr"):
        said = Translator("app").gettext(turn)
        assert said.format(player="Ana").startswith("C'est au tour d'Ana.")
        assert said.format(player="Bo").startswith("C'est au tour de Bo.")
        assert Translator("app").gettext("{player}'s view").format(player="Eve") == "Vue d'Eve"
    with language.speaking("it"):
        assert Translator("app").gettext(turn).format(player="Ana").startswith("È il turno di Ana")


def test_only_at_a_placeholder_s_edge() -> None:
    assert French("de {x}, le {y}, la {z} et que {w}").format(
        x="Ivo", y="orme", z="île", w="Ugo"
    ) == ("d'Ivo, l'orme, l'île et qu'Ugo")
    assert French("De {x}").format(x="Ana") == "D'Ana"
    assert French("aide {x} · bande {y}").format(x="Ana", y="Eve") == "aide Ana · bande Eve"
    assert French("de {x} et de {y}").format(x="Yann", y="Hugo") == "de Yann et de Hugo"
    assert French("({n} de {what})").format(n=2, what="artéfacts") == "(2 d'artéfacts)"
    assert French("{0} de {1}").format("a", "Ana") == "a de Ana"  # numbered: as written
