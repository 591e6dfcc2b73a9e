"""Six Card Golf: rules data, scoring, play and rule text, in pure standard-library Python."""

from . import actions
from .actions import format_action, parse_action
from .cards import format_card, format_layout, parse_card, parse_layout
from .errors import GolfError, IllegalActionError, NotationError, RulesError, SaveError
from .hole import HoleState
from .match import Match, Outcome
from .observation import Observation, observe
from .options import OPTION_KEYS
from .presets import Preset, load_preset, preset_info, preset_names
from .rules import Rules
from .scoring import Adjustment, Group, PlayerScore, score_layout, score_table

__version__ = "0.1.0"

__all__ = [
    "OPTION_KEYS", "Adjustment", "GolfError", "Group", "HoleState", "IllegalActionError", "Match",
    "NotationError", "Observation", "Outcome", "PlayerScore", "Preset", "Rules", "RulesError", "SaveError",
    "actions", "format_action", "format_card", "format_layout", "load_preset", "observe", "parse_action",
    "parse_card", "parse_layout", "preset_info", "preset_names", "score_layout", "score_table",
]  # fmt: skip
