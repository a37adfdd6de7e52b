"""The shared engine contract: state, actions, refusals, perspectives, results, RNG."""

from engines.core.engine import EVENT_LOG_LIMIT, Decision, Engine, GameState, Perspective, Withdraw
from engines.core.messages import Consequence, Event, IllegalActionError, Refusal
from engines.core.options import option_choices
from engines.core.picks import CardPick
from engines.core.result import Result, places_from_scores
from engines.core.rng import Rng

__all__ = [
    "EVENT_LOG_LIMIT",
    "CardPick",
    "Consequence",
    "Decision",
    "Engine",
    "Event",
    "GameState",
    "IllegalActionError",
    "Perspective",
    "Refusal",
    "Result",
    "Rng",
    "Withdraw",
    "option_choices",
    "places_from_scores",
]
