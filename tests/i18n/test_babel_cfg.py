"""`babel.cfg` is the extraction: `pybabel extract -F babel.cfg` over a domain's sources finds
the texts its catalogs hold, and the project's tooling (`python -m i18nbuild`) extracts with it."""
from __future__ import annotations

import pytest

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po
from i18nbuild import catalogs

DOMAINS = catalogs.domains()


def keys(catalog) -> set[tuple[str | None, str | tuple[str, ...]]]:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def pybabel_extract(domain: catalogs.Domain, tmp_path, monkeypatch) -> set:
    """What ``pybabel extract -F babel.cfg -o <pot> <the domain's sources>`` finds, run from the
    checkout's root as docs/translating.md says."""
    monkeypatch.chdir(catalogs.ROOT)
    pot = tmp_path / f"{domain.name}.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", "babel.cfg", "-s",
                                "-o", str(pot),
                                *(catalogs._where(source) for source in domain.sources)])
    with open(pot, "rb") as fp:
        return keys(read_po(fp))


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_pybabel_with_babel_cfg_finds_the_texts_the_catalogs_hold(name, tmp_path, monkeypatch):
    domain = DOMAINS[name]
    found = pybabel_extract(domain, tmp_path, monkeypatch)
    assert len(found) > 20
    assert found == keys(catalogs.extract(domain))  # the tooling: the same texts, in its order
    for lang in ("nl", "it"):
        with open(domain.po(lang), "rb") as fp:
            held = keys(read_po(fp))
        assert sorted(found - held, key=str) == [] and sorted(held - found, key=str) == [], lang


def test_every_domain_is_extracted_with_the_mapping_of_babel_cfg(tmp_path, monkeypatch):
    """A file kind that babel.cfg does not map is not extracted: the walkthroughs' texts go
    when their section goes (the tooling reads the mapping, it has none of its own)."""
    trapper = DOMAINS["trapper"]
    everything = catalogs.extract(trapper)
    assert any(m.context == "trapper/green-turn" for m in everything)
    text = (catalogs.ROOT / "babel.cfg").read_text(encoding="utf-8")
    assert "[tutor_walkthrough: **/walkthroughs/*.toml]" in text
    mapping = tmp_path / "babel.cfg"
    mapping.write_text(text.replace("[tutor_walkthrough: **/walkthroughs/*.toml]",
                                    "[tutor_walkthrough: nowhere/*.toml]"), encoding="utf-8")
    monkeypatch.setattr(catalogs, "MAPPING", mapping)
    fewer = catalogs.extract(trapper)
    assert not any(m.context == "trapper/green-turn" for m in fewer)
    assert keys(fewer) < keys(everything)


def test_without_babel_cfg_the_tools_say_they_need_a_checkout(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "MAPPING", tmp_path / "babel.cfg")
    with pytest.raises(SystemExit, match="work in a checkout"):
        catalogs.extract(DOMAINS["core"])
