"""Domain errors. Each carries its user message once, as a catalogue key and parameters.

The cogs' single error pipeline renders any `CardroomError` as an ephemeral
message in the user's language; nothing else needs to know the wording.
"""

from __future__ import annotations

from typing import Any

from engines.core import Refusal


class CardroomError(Exception):
    key: str = "error.unexpected"

    def __init__(self, key: str | None = None, **params: Any) -> None:
        self.key = key or type(self).key
        self.params = params
        super().__init__(self.key)


class RefusedError(CardroomError):
    """The engine refused the action; its reason is the message."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.key, **refusal.params)
        self.refusal = refusal


class UnknownGameError(CardroomError):
    key = "error.unknown_game"


class NoTableError(CardroomError):
    key = "error.no_table"


class TableBusyError(CardroomError):
    """A lobby or game is already running in this channel; `url` links to it, `table_id` names it."""

    key = "error.table_busy"

    def __init__(self, *, game: str, url: str, table_id: int) -> None:
        super().__init__(game=game, url=url)
        self.table_id = table_id


class NotAPlayerError(CardroomError):
    key = "error.not_a_player"


class NotHostError(CardroomError):
    key = "error.not_host"


class AlreadySeatedError(CardroomError):
    key = "error.already_seated"


class TableFullError(CardroomError):
    key = "error.table_full"


class NotEnoughPlayersError(CardroomError):
    key = "error.not_enough_players"


class LobbyClosedError(CardroomError):
    key = "error.lobby_closed"


class TableEndedError(CardroomError):
    key = "error.game_ended"


class StaleMessageError(CardroomError):
    key = "error.stale_message"


class OutdatedButtonError(CardroomError):
    """A well-formed button that the clicked message no longer carries (an old client view)."""

    key = "error.outdated_button"


class ForgedComponentError(CardroomError):
    key = "error.forged_component"


class InvalidOptionError(CardroomError):
    key = "error.invalid_option"


class BusyError(CardroomError):
    """The table is handling another action and did not free up in time; nothing changed."""

    key = "error.busy"


class LateInteractionError(CardroomError):
    """The interaction can no longer be answered (Discord delivered it past its 3 seconds): nothing was applied.

    Never shown: there is no way left to answer it.
    """

    key = "error.late_interaction"


class CommandUnavailableError(CardroomError):
    """Discord sent a command this bot no longer has, or with options that differ from the bot's."""

    key = "error.command_unavailable"


class AwayAllowanceError(CardroomError):
    """`/away` asked for more days than the player's yearly allowance has left; `left` whole days remain."""

    key = "error.away_allowance"

    def __init__(self, *, left: int, days: float | int) -> None:
        super().__init__(left=left, days=days)


class NotAwayError(CardroomError):
    """`/away back` while the player is not away."""

    key = "error.not_away"


# ----- leagues ---------------------------------------------------------------------------------------------------
class LeagueNotFoundError(CardroomError):
    key = "league.error.not_found"


class NotOrganiserError(CardroomError):
    """Only the league's organiser (or a server manager, or the server's league role) may do this."""

    key = "league.error.not_organiser"


class LeagueClosedError(CardroomError):
    """The league no longer takes entrants (it started, or ended)."""

    key = "league.error.closed"


class LeagueEndedError(CardroomError):
    key = "league.error.ended"


class NotInLeagueError(CardroomError):
    key = "league.error.not_in"


class LeagueTooSmallError(CardroomError):
    key = "league.error.too_small"
