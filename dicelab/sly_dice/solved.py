"""`dicelab solve sly-dice`: the claim game solved for a table of cards, summed up and cached.

`solve_table(table, rules)` solves the claim game of every public state
(`equilibrium`) and adds up what a teacher asks: the game's value (what
a claimer gains over the accuser per claim, on average), how often each
card is claimed, bluffed and accused at equilibrium, and how much a best
response gains against each bot (its *exploitability*, as claimer and as
accuser).  The result is cached as JSON beside the Dice Poker tables
(`$DICELAB_CACHE_DIR`), written atomically with a checksum, and read back
only when it was made for the same settings and format, its checksum holds
and it passes `solved_check.check_solution`; else it is solved again.

>>> result = solve_table(("pair", "three_kind"), use_cache=False)
>>> result.value, result.exact
(Fraction(4804921, 839808), True)
>>> [(e.bot, e.as_claimer, e.as_accuser) for e in result.exploits][-1]
('fixed-plan', Fraction(0, 1), Fraction(0, 1))
"""

from __future__ import annotations

import json
import os
import time
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from dicelab.core.engine.files import SHARED_MODE, atomic_write, read_json
from dicelab.core.present.numbers import fraction_text, parse_fraction
from dicelab.core.ui.progress import progress_bar
from dicelab.sly_dice.claim_game import ClaimGame, Solution, by_truths
from dicelab.sly_dice.equilibrium import PublicState, public_states, state_game, state_solution
from dicelab.sly_dice.rules import DEFAULT_RULES, OWN_DICE, SlyRules
from dicelab.sly_dice.seen import Seen
from dicelab.sly_dice.solved_check import check_solution
from dicelab.sly_dice.strategy import PLAN_ROLLERS, Bot, strategy

FORMAT_VERSION = 4  # 2: the equilibrium's gain against each bot; 3: a checksum; 4: fixed-plan
MAX_CACHE_BYTES = 2**26  # the twelve cards' solution is about 1 MB
Hand = tuple[int, ...]
T = TypeVar("T")


@dataclass(frozen=True)
class CardPlay:
    """One card at equilibrium: P(it is claimed), P(it is claimed and false), and
    P(it is claimed and accused), over every claim."""

    card: str
    points: int
    claimed: Fraction
    bluffed: Fraction
    accused: Fraction


@dataclass(frozen=True)
class Exploit:
    """What a best response gains per claim against `bot`, beyond the game's value:
    when the bot claims (`as_claimer`) and when it accuses (`as_accuser`); and
    what the equilibrium itself gains against it in a round of two claims, one
    each (`equilibrium_gain`: never below 0)."""

    bot: str
    as_claimer: Fraction
    as_accuser: Fraction
    equilibrium_gain: Fraction


@dataclass(frozen=True)
class SolvedTable:
    """The claim game solved for the cards `table` (see the module): `value`,
    `exact` (every state solved in fractions), `lies` (P(a claim is false)),
    `free_lies` (P(false | the claimer had a true card to claim)), `cards`,
    `exploits`, `states` (each public state: common, aside, chance, value,
    the accuser's chance per card, the claimer's per hidden hand), `seconds`."""

    table: tuple[str, ...]
    rules: dict[str, Any]
    value: Fraction
    exact: bool
    lies: Fraction
    free_lies: Fraction
    cards: tuple[CardPlay, ...]
    exploits: tuple[Exploit, ...]
    states: tuple[dict[str, Any], ...]
    seconds: float
    from_cache: bool = False

    def to_json(self) -> dict[str, Any]:
        """Everything as plain data: fractions as "p/q", with a float beside."""
        return _plain(asdict(self))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SolvedTable:
        """The result back from `to_json()`."""
        return cls(
            tuple(data["table"]),
            data["rules"],
            parse_fraction(data["value"]["exact"]),
            data["exact"],
            parse_fraction(data["lies"]["exact"]),
            parse_fraction(data["free_lies"]["exact"]),
            tuple(CardPlay(**_fractions(c)) for c in data["cards"]),
            tuple(Exploit(**_fractions(e)) for e in data["exploits"]),
            tuple(data["states"]),
            data["seconds"],
            from_cache=True,
        )


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return {"exact": fraction_text(value), "decimal": round(float(value), 9)}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _fractions(data: dict[str, Any]) -> dict[str, Any]:
    return {k: parse_fraction(v["exact"]) if isinstance(v, dict) else v for k, v in data.items()}


def _state_record(state: PublicState, game: ClaimGame, solution: Solution) -> dict[str, Any]:
    """One public state's solution as plain data (fractions as "p/q")."""
    return {
        "common": list(state.common),
        "aside": list(state.aside),
        "chance": fraction_text(state.chance),
        "value": fraction_text(solution.value),
        "accuse": {c: fraction_text(q) for c, q in zip(game.cards, solution.accuse)},
        "claims": {
            hand: {c: fraction_text(p) for c, p in zip(game.cards, row) if p}
            for hand, row in zip(game.hands, solution.claims)
        },
    }


def solve_table(
    table: tuple[str, ...] | None = None,
    rules: SlyRules = DEFAULT_RULES,
    use_cache: bool = True,
    progress: Any = None,
) -> SolvedTable:
    """The claim game solved for `table` (every card of `rules` by default), from
    the cache when it holds it; `progress` is a progress bar kind ("auto",
    "text", "widget", "none"/None; see `dicelab.core.ui.progress`)."""
    table = rules.ids if table is None else tuple(rules.card(c).id for c in table)
    path = cache_path(table, rules)
    if use_cache:
        found = _load(path, table, rules)
        if found is not None:
            return found
    result = _solve(table, rules, progress)
    if use_cache:
        save_cached(path, _key(table, rules), result.to_json())
    return result


@dataclass
class _Tally:
    """The sums `_solve` adds up over the public states, each weighted by its chance."""

    cards: int
    bots: int

    def __post_init__(self) -> None:
        zero = Fraction(0)
        self.value = self.lies = self.free_lies = self.free = zero
        self.claimed = [[zero] * 3 for _ in range(self.cards)]  # claimed, bluffed, accused
        self.as_claimer = [zero] * self.bots  # the claimer's gain against a best response
        self.as_accuser = [zero] * self.bots  # a best response's gain against the bot
        self.duel = [zero] * self.bots  # the equilibrium's gain against the bot, per round

    def add_claims(self, chance: Fraction, game: ClaimGame, solution: Solution) -> None:
        """How often each card is claimed, bluffed and accused in this state."""
        self.value += chance * solution.value
        for h, (w, row) in enumerate(zip(game.weights, solution.claims)):
            p = chance * Fraction(w, game.total)
            honest_possible = any(game.true[h])
            self.free += p * honest_possible
            for c, x in enumerate(row):
                lie = x * (not game.true[h][c])
                self.claimed[c][0] += p * x
                self.claimed[c][1] += p * lie
                self.claimed[c][2] += p * x * solution.accuse[c]
                self.lies += p * lie
                self.free_lies += p * lie * honest_possible

    def add_bots(
        self, chance: Fraction, solution: Solution, hands: list[Hand], seen: Seen, bots: list[Bot]
    ) -> None:
        """What a best response and the equilibrium gain against each bot in this state
        (`hands`: a hidden hand of each row of the solution's game)."""
        game = solution.game
        for b, bot in enumerate(bots):
            rows = [_row(bot.claim_chances(seen, hand), game.cards) for hand in hands]
            accuse = [bot.accuse_chance(seen, card) for card in game.cards]
            self.as_claimer[b] += chance * game.best_accusal_value(rows)
            self.as_accuser[b] += chance * game.best_claims_value(accuse)
            duel = game.payoff(solution.claims, accuse) - game.payoff(rows, solution.accuse)
            self.duel[b] += chance * duel


def _merged(game: ClaimGame, solution: Solution) -> tuple[Solution, list[Hand]]:
    """The solution on the game whose hands that show the same cards are one (each
    bot claims alike with them), and one hidden hand of each."""
    merged, places = by_truths(game)
    firsts = [places.index(i) for i in range(len(merged.hands))]
    claims = tuple(solution.claims[i] for i in firsts)
    hands = [tuple(map(int, game.hands[i].split())) for i in firsts]
    return replace(solution, game=merged, claims=claims), hands


def _solve(table: tuple[str, ...], rules: SlyRules, progress: Any) -> SolvedTable:
    start = time.perf_counter()
    states = public_states(table, rules)
    bots = [strategy(name) for name in PLAN_ROLLERS]
    tally, records, exact = _Tally(len(table), len(bots)), [], True
    with progress_bar(len(states), "Sly Dice claim games", progress) as bar:
        for state in states:
            game = state_game(state.common, state.aside, table, rules)
            solution = state_solution(state.common, state.aside, table, rules)
            seen = Seen(state.common, state.aside, OWN_DICE - len(state.aside), table, rules)
            exact &= solution.exact
            merged, hands = _merged(game, solution)
            tally.add_claims(state.chance, merged.game, merged)
            tally.add_bots(state.chance, merged, hands, seen, bots)
            records.append(_state_record(state, game, solution))
            bar.update()
    value = tally.value
    return SolvedTable(
        table,
        rules.settings(),
        value,
        exact,
        tally.lies,
        tally.free_lies / tally.free if tally.free else Fraction(0),
        tuple(
            CardPlay(card, rules.points_of(card), *tally.claimed[c]) for c, card in enumerate(table)
        ),
        tuple(
            Exploit(
                bot.name, value - tally.as_claimer[b], tally.as_accuser[b] - value, tally.duel[b]
            )
            for b, bot in enumerate(bots)
        ),
        tuple(records),
        round(time.perf_counter() - start, 1),
    )


def _row(chances: dict[str, Fraction], table: tuple[str, ...]) -> list[Fraction]:
    return [chances.get(card, Fraction(0)) for card in table]


def best_response_claims(
    bot_name: str, table: tuple[str, ...] | None = None, rules: SlyRules = DEFAULT_RULES
) -> dict[str, Fraction]:
    """How often a best response to the accusations of the bot `bot_name` claims
    each card of `table` (every card of `rules` by default), over every public
    state weighted by its chance; each hidden hand claims the card that gains
    the most against the bot (of two that gain the same, the first in `table`).

    >>> shares = best_response_claims("honest", ("pair", "three_kind"))
    >>> shares, sum(shares.values())
    ({'pair': Fraction(5, 1458), 'three_kind': Fraction(1453, 1458)}, Fraction(1, 1))
    """
    table = rules.ids if table is None else tuple(rules.card(c).id for c in table)
    bot, shares = strategy(bot_name), dict.fromkeys(table, Fraction(0))
    for state in public_states(table, rules):
        game = state_game(state.common, state.aside, table, rules)
        seen = Seen(state.common, state.aside, OWN_DICE - len(state.aside), table, rules)
        accuse = [bot.accuse_chance(seen, card) for card in game.cards]
        for h, w in enumerate(game.weights):
            values = [game.claim_value(h, c, accuse[c]) for c in range(len(game.cards))]
            best = game.cards[values.index(max(values))]
            shares[best] += state.chance * Fraction(w, game.total)
    return shares


def cache_path(table: tuple[str, ...], rules: SlyRules) -> Path:
    """Where the solved table is cached: named by a digest of the settings."""
    from dicelab.core.engine.cache import cache_dir, sha256

    key = json.dumps(_key(table, rules), sort_keys=True).encode()
    return cache_dir() / f"sly-dice-equilibrium-{sha256(key).hexdigest()[:16]}.json"


def _checksum(result: Any) -> str:
    """The sha256 of a result as plain data (its keys in order)."""
    from dicelab.core.engine.cache import sha256

    return sha256(json.dumps(result, sort_keys=True).encode()).hexdigest()


def _key(table: tuple[str, ...], rules: SlyRules) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "table": list(table), "rules": rules.settings()}


def _load(path: Path, table: tuple[str, ...], rules: SlyRules) -> SolvedTable | None:
    def checked(data: Any) -> SolvedTable:
        found = SolvedTable.from_json(data)
        check_solution(found, table, rules)  # its own invariants, exactly
        return found

    return load_cached(path, _key(table, rules), checked)


def load_cached(path: Path, key: dict[str, Any], make: Callable[[Any], T]) -> T | None:
    """A cached result: `make(result)` if the file at `path` was made for `key`
    and its checksum holds (`make` raises ValueError for a result it refuses);
    else None, with a warning that says why."""
    if not os.path.lexists(path):
        return None
    try:
        data = read_json(path, MAX_CACHE_BYTES)  # a FIFO, a device, a JSON bomb: refused
        if data.get("key") != json.loads(json.dumps(key)):
            raise ValueError("made for other settings")
        if data.get("sha256") != _checksum(data["result"]):
            raise ValueError("checksum mismatch")
        return make(data["result"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, ZeroDivisionError) as error:
        said = f"the cached solution {path} is not used ({error}); solving again"
        warnings.warn(said, stacklevel=3)
        return None


def save_cached(path: Path, key: dict[str, Any], result: Any) -> None:
    """Cache `result` (plain data) for `key` at `path`, with its checksum."""
    _save(path, {"key": key, "result": result, "sha256": _checksum(result)})


def _save(path: Path, data: dict[str, Any]) -> None:
    from dicelab.core.engine.cache import read_only

    if read_only():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(data).encode(), SHARED_MODE)
    except OSError as error:
        warnings.warn(f"could not cache the solution in {path.parent}: {error}", stacklevel=3)
