"""The profile registry: built-in names and aliases, third-party registration, plug-in
profiles from entry points, and the names and arguments it refuses."""

from __future__ import annotations

import attrs
import pytest

import rummikit as rk
from rummikit.profiles import ProfileRegistry
from tests.helpers import ONLINE, PAGAT, RAMI


def test_builtin_names():
    assert rk.profiles.names()[:3] == ("online", "pagat", "rami_voleur")


@pytest.mark.parametrize(
    ("name", "profile"),
    [
        ("PAGAT", PAGAT),
        ("Rami-Voleur", RAMI),
        ("rami voleur", RAMI),
        (" rami_chinois ", RAMI),
        ("rummi", ONLINE),
        ("Rummikub", PAGAT),
    ],
)
def test_names_and_aliases_are_case_insensitive(name, profile):
    assert rk.profiles.get(name) is profile


def test_unknown_profile_lists_the_known_ones():
    with pytest.raises(rk.UnknownProfile) as info:
        rk.profiles.get("gin")
    assert info.value.code == "unknown_profile"
    assert "pagat" in info.value.message
    assert "online" in info.value.known
    assert isinstance(info.value, ValueError)


def test_get_passes_profiles_through_and_refuses_other_types():
    assert rk.profiles.get(PAGAT) is PAGAT
    with pytest.raises(rk.InvalidArgument):
        rk.profiles.get(3)  # type: ignore[arg-type]


def test_third_party_registration():
    registry = ProfileRegistry()
    house = attrs.evolve(PAGAT, name="house", opening_min_points=25)
    registry.register(house, aliases=["our-house"])
    assert registry.get("Our House") is house
    assert registry.names() == ("house",)
    with pytest.raises(rk.InvalidArgument) as info:
        registry.register(attrs.evolve(house, opening_min_points=20))
    assert info.value.code == "name_taken"
    registry.register(attrs.evolve(house, opening_min_points=20), replace=True)
    assert registry.get("house").opening_min_points == 20
    with pytest.raises(rk.InvalidArgument):
        registry.register("house")  # type: ignore[arg-type]


# -- plug-in profiles ------------------------------------------------------------------------


class FakeEntryPoint:
    """Stands in for an installed package's ``rummikit.profiles`` entry point."""

    def __init__(self, name, loaded, value=""):
        self.name = name
        self.value = value or f"{name}_package:PROFILE"
        self._loaded = loaded

    def load(self):
        if isinstance(self._loaded, Exception):
            raise self._loaded
        return self._loaded


def test_entry_point_profiles_are_loaded_on_demand(monkeypatch):
    third_party = attrs.evolve(PAGAT, name="club_rules", opening_min_points=40)
    seen = []

    def entry_points(group):
        seen.append(group)
        return [FakeEntryPoint("club", third_party), FakeEntryPoint("lazy", lambda: ONLINE)]

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    registry = ProfileRegistry()
    assert registry.get("Club-Rules") is third_party
    assert seen == ["rummikit.profiles"]
    assert registry.names() == ("club_rules", "online")
    assert seen == ["rummikit.profiles"]  # loaded once


@pytest.mark.parametrize("backwards", [False, True])
def test_regression_where_two_packages_claim_a_name_the_same_one_wins_everywhere(
    monkeypatch, backwards
):
    """Found by a review of what depends on the machine: entry points were loaded in the
    order the installed packages were found on disk, which differs between machines, and
    the first to claim a name took it, so ``profiles.get`` could give other rules."""
    strict = attrs.evolve(PAGAT, name="club", opening_min_points=40)
    loose = attrs.evolve(PAGAT, name="club", opening_min_points=20)
    points = [
        FakeEntryPoint("club", loose, "loose_rules:CLUB"),
        FakeEntryPoint("club", strict, "club_rules:CLUB"),
    ]
    found = points[::-1] if backwards else points
    monkeypatch.setattr("importlib.metadata.entry_points", lambda group: found)
    registry = ProfileRegistry()
    with pytest.warns(RuntimeWarning, match="club"):
        assert registry.get("club") is strict


def test_a_broken_entry_point_warns_and_does_not_break_the_registry(monkeypatch):
    def entry_points(group):
        return [FakeEntryPoint("broken", ImportError("no module named club"))]

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    registry = ProfileRegistry()
    registry.register(PAGAT)
    with pytest.warns(RuntimeWarning, match="broken") as caught:
        assert registry.names() == ("pagat",)
    # regression (a review): the warning pointed inside rummikit, not at the caller
    assert caught[0].filename == __file__


# -- regressions -----------------------------------------------------------------------------


def test_regression_names_are_the_profiles_own():
    """Found by a review: ``names()`` (and the names an unknown profile's error lists) gave
    the lookup key, "my_house", for a profile called "My-House"."""
    registry = ProfileRegistry()
    registry.register(PAGAT.evolve(name="My-House"), aliases=["Ours"])
    assert registry.names() == ("My-House",)
    assert registry.aliases("my house") == ("My-House", "ours")
    with pytest.raises(rk.UnknownProfile) as caught:
        registry.get("nope")
    assert caught.value.known == ("My-House",)
    assert "known profiles: My-House" in caught.value.message


def test_regression_the_registry_refuses_what_would_leave_it_inconsistent() -> None:
    # An alias could take another profile's own name with replace=True (that profile stayed
    # listed but out of reach), a string of aliases was read letter by letter, a name of
    # punctuation was registered as "", and replace="no" counted as true.
    import pytest

    from rummikit.profiles import ProfileRegistry

    registry = ProfileRegistry()
    pagat = rk.profiles.get("pagat")
    registry.register(pagat)
    kitchen = attrs.evolve(pagat, name="kitchen")
    cases = [
        ({"aliases": ["pagat"], "replace": True}, "name_taken"),
        ({"aliases": "ab"}, "bad_aliases"),
        ({"aliases": [None]}, "bad_aliases"),
        ({"replace": "no"}, "bad_replace"),
    ]
    for kwargs, code in cases:
        with pytest.raises(rk.InvalidArgument) as info:
            registry.register(kitchen, **kwargs)  # type: ignore[arg-type]
        assert info.value.code == code
    with pytest.raises(rk.InvalidArgument) as info:
        registry.register(kitchen, aliases=["-"])
    assert info.value.code == "bad_profile_name"
    assert registry.names() == ("pagat",)
    assert registry.get("pagat") is pagat


def test_regression_a_profile_name_of_punctuation_is_refused() -> None:
    """A name made only of punctuation, ``"!!!"``, registered although the docs say a name
    must keep a letter or digit (found by a review): only spaces, ``-`` and ``_`` were
    refused. Names now follow one rule, checked when the profile is made, and aliases
    follow it too."""
    registry = rk.profiles.ProfileRegistry()
    for name in ("!!!", "-", " _ ", "pagat!"):
        with pytest.raises(rk.InvalidOption) as refused:
            rk.profiles.get("pagat").evolve(name=name)
        assert refused.value.option == "name"
        with pytest.raises(rk.InvalidArgument) as caught:
            registry.register(rk.profiles.get("pagat"), aliases=[name])
        assert caught.value.code == "bad_profile_name"
    assert registry.names() == ()
