"""Presets: named sets of option changes over the defaults, read from preset_data/*.json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .errors import RulesError, quote_code, quote_text
from .messages import both
from .rules import Rules

LANGUAGES = ("en", "ja")


@dataclass(frozen=True)
class Preset:
    name: str
    title: dict[str, str]
    summary: dict[str, str]
    options: dict[str, object]
    rules: Rules


@cache
def _all_presets() -> dict[str, Preset]:
    found: list[tuple[int, Preset]] = []
    for entry in sorted(Path(__file__).with_name("preset_data").iterdir()):
        if not entry.name.endswith(".json"):
            continue
        name = entry.name[: -len(".json")]
        data = json.loads(entry.read_text(encoding="utf-8"))
        try:
            rules = Rules().with_options(data["options"])
        except RulesError as error:
            raise RulesError(f"preset {name!r}: {error}") from None
        found.append((data["order"], Preset(name, data["title"], data["summary"], data["options"], rules)))
    return {preset.name: preset for _, preset in sorted(found, key=lambda item: item[0])}


def preset_names() -> list[str]:
    return list(_all_presets())


def preset_info(name: str) -> Preset:
    presets = _all_presets()
    if not isinstance(name, str) or name not in presets:
        titles = "、".join(f"「{preset.title['ja']}」" for preset in presets.values())
        raise RulesError(
            *both("error.preset.unknown", name_code=quote_code(name), name=quote_text(name),
                  names_code=", ".join(presets), titles=titles)
        )  # fmt: skip
    return presets[name]


def load_preset(name: str) -> Rules:
    return preset_info(name).rules


def presets_using(key: str, value: object) -> list[str]:
    """Names of the presets whose rules have `key` (an option key) set to `value`."""
    # Compare types too: True must not match a count of 1.
    return [
        name
        for name, preset in _all_presets().items()
        if type(preset.rules.to_dict()[key]) is type(value) and preset.rules.to_dict()[key] == value
    ]
