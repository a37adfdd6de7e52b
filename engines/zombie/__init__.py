"""Zombie Life (Origames 2019, after Pairs by James Ernest & Paul Peterson): Refuge, Horde, hide; first to 21."""

from engines.zombie.actions import Draw, Hide, Place, Take, ZombieAction, action_adapter
from engines.zombie.engine import ZombieEngine
from engines.zombie.perspective import SeatView, ZombiePerspective
from engines.zombie.state import RoundRecord, ZombieOptions, ZombieState

ENGINE = ZombieEngine()

__all__ = [
    "ENGINE",
    "Draw",
    "Hide",
    "Place",
    "RoundRecord",
    "SeatView",
    "Take",
    "ZombieAction",
    "ZombieEngine",
    "ZombieOptions",
    "ZombiePerspective",
    "ZombieState",
    "action_adapter",
]
