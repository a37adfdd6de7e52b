"""Speed of `engines.poker.evaluate` next to the reference evaluator (treys) on the same five-card hands.

    python -m tools.bench._poker [--quick] [--hands N]

`poker_bench(hands)` evaluates the same `hands` five-card hands of one 52-card
deck (all 2,598,960 by default; an even spread over them when fewer) with both
evaluators, standard order, no suits, each through its plain 5-card entry point,
in `ROUNDS` alternating rounds, and keeps each one's best round. treys is a dev
dependency, imported only when the bench runs.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from itertools import combinations, islice
from typing import Any

from engines.poker import STANDARD_DECK, Card, evaluate

ALL_HANDS = 2_598_960
QUICK_HANDS = 50_000
ROUNDS = 3


def _hands(count: int) -> list[tuple[int, int, int, int, int]]:
    """`count` five-card hands as deck indices, evenly spread over all of them (all when `count` >= 2,598,960)."""
    if count < 1:
        raise ValueError("the bench needs at least one hand")
    step = max(ALL_HANDS // count, 1)
    return list(islice(combinations(range(len(STANDARD_DECK)), 5), 0, None, step))[:count]


def _seconds(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def poker_bench(hands: int = ALL_HANDS) -> dict[str, float]:
    """Hands per second for ours and treys on the same `hands` hands, and ours / treys (> 1: ours is faster)."""
    from treys import Card as TreysCard
    from treys import Evaluator

    picked = _hands(hands)
    ours_hands: list[Sequence[Card]] = [tuple(STANDARD_DECK[i] for i in hand) for hand in picked]
    treys_deck = [TreysCard.new("??23456789TJQKA"[card.rank] + card.suit.value.lower()) for card in STANDARD_DECK]
    treys_hands = [[treys_deck[i] for i in hand] for hand in picked]
    five: Callable[[Sequence[int]], int] = Evaluator()._five  # what treys's evaluate() runs for 5 cards
    evaluate(ours_hands[0])  # warm up both
    five(treys_hands[0])

    rounds = ROUNDS if len(picked) < ALL_HANDS else 1
    ours = treys = float("inf")
    for _ in range(rounds):  # alternate, so both see the same machine weather
        ours = min(ours, _seconds(lambda: list(map(evaluate, ours_hands))))
        treys = min(treys, _seconds(lambda: list(map(five, treys_hands))))
    count = float(len(picked))
    return {
        "hands": count,
        "ours_hands_per_s": count / ours,
        "treys_hands_per_s": count / treys,
        "ours_us_per_hand": ours / count * 1e6,
        "treys_us_per_hand": treys / count * 1e6,
        "ratio": treys / ours,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench._poker", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_HANDS} hands instead of all {ALL_HANDS}")
    parser.add_argument("--hands", type=int, default=None, help="how many five-card hands")
    args: Any = parser.parse_args(argv)
    count = args.hands if args.hands is not None else QUICK_HANDS if args.quick else ALL_HANDS
    result = poker_bench(count)
    print(f"poker evaluator, {int(result['hands']):,} five-card hands (standard order, no suits)")
    print(f"  ours : {result['ours_hands_per_s']:>12,.0f} hands/s  {result['ours_us_per_hand']:.3f} us/hand")
    print(f"  treys: {result['treys_hands_per_s']:>12,.0f} hands/s  {result['treys_us_per_hand']:.3f} us/hand")
    print(f"  ours / treys speed: {result['ratio']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
