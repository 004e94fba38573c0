"""`dicelab solve sly-dice`, the whole round: every common roll's round solved
(`round_game`), summed up and cached.

`solve_whole_round(table, rules)` solves the round of each of the 56 common
rolls and adds up what a teacher asks: the round's value to the claimer
(beside the fixed-plan claim game's), the certificate (the largest gain of
a best response, over every common roll), how often the claimer lies, how
often it leaves the points plan the bots roll by (and where most), and
what a best response gains in the whole round against each bot.  The
result is cached like the claim game's (`solved`): JSON beside the other
tables, written atomically with a checksum, read back only when made for
the same settings and format and its certificate holds again.

>>> from dicelab.sly_dice.rules import DEFAULT_RULES
>>> plan_choices((6, 6, 1), (), (6, 2, 3), ("pair", "four_kind"), DEFAULT_RULES)
('aside 6',)
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from dicelab.core.dice.hands import sorted_hands, weight
from dicelab.core.present.numbers import fraction_text, parse_fraction
from dicelab.core.ui.progress import progress_bar
from dicelab.sly_dice.odds import points_plan
from dicelab.sly_dice.round_game import (
    LP_TOLERANCE,
    Action,
    Hand,
    RoundSpec,
    Seq,
    SolvedRound,
    accuser_best,
    chance,
    claimer_best,
    hands,
    round_spec,
    solve_round,
    walk,
)
from dicelab.sly_dice.round_play import rolling_chances
from dicelab.sly_dice.rules import COMMON_DICE, DEFAULT_RULES, ROLLS, SlyRules
from dicelab.sly_dice.seen import Seen
from dicelab.sly_dice.solved import load_cached, save_cached, solve_table
from dicelab.sly_dice.strategy import STRATEGIES, Bot, strategy

FORMAT_VERSION = 3  # 2: the fixed-plan and equilibrium bots both; 3: sure claims
DEPARTURE_KINDS = (
    "stops instead of rolling",
    "rolls instead of stopping",
    "sets another die aside",
)
Policy = Mapping[tuple[Seq, Hand], Mapping[Action, float]]


@dataclass(frozen=True)
class RoundExploit:
    """What a best response gains per claim in the whole round against `bot`,
    beyond the round's value: when the bot claims, and when it accuses."""

    bot: str
    as_claimer: float
    as_accuser: float


@dataclass(frozen=True)
class Departure:
    """A position where the equilibrium claimer leaves the points plan: the
    common dice, the dice set aside in order, the hidden dice, the plan's
    best choices ("stop", "aside <face>"), what the equilibrium does
    there (action -> chance), and how often a round comes here and departs."""

    common: Hand
    aside: Seq
    hidden: Hand
    plan: tuple[str, ...]
    equilibrium: dict[str, float]
    chance: float


@dataclass(frozen=True)
class SolvedWholeRound:
    """The whole round solved for the cards `table` (see the module): `value`
    and the fixed plan's `fixed_value`, the certificate `gap`, `lies`
    (P(a claim is false)), `departs` (P(a round leaves the points plan at
    least once)), how often it leaves it each way (`departure_kinds`: a
    chance per round), the most frequent `departures`, `exploits`, each common
    roll's solution (`commons`: plain data), `seconds`."""

    table: tuple[str, ...]
    rules: dict[str, Any]
    value: float
    fixed_value: Fraction
    gap: float
    lies: float
    departs: float
    departure_kinds: dict[str, float]
    departures: tuple[Departure, ...]
    exploits: tuple[RoundExploit, ...]
    commons: tuple[dict[str, Any], ...]
    seconds: float
    from_cache: bool = False

    def to_json(self) -> dict[str, Any]:
        """Everything as plain data (the fixed plan's value as "p/q" and a float)."""
        data = asdict(self)
        data["fixed_value"] = {
            "exact": fraction_text(self.fixed_value),
            "decimal": round(float(self.fixed_value), 9),
        }
        data["certificate"] = {"gap": self.gap, "tolerance": LP_TOLERANCE}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SolvedWholeRound:
        """The result back from `to_json()`."""
        return cls(
            tuple(data["table"]),
            data["rules"],
            float(data["value"]),
            parse_fraction(data["fixed_value"]["exact"]),
            float(data["gap"]),
            float(data["lies"]),
            float(data["departs"]),
            {k: float(v) for k, v in data["departure_kinds"].items()},
            tuple(
                Departure(
                    tuple(d["common"]),
                    tuple(d["aside"]),
                    tuple(d["hidden"]),
                    tuple(d["plan"]),
                    d["equilibrium"],
                    d["chance"],
                )
                for d in data["departures"]
            ),
            tuple(RoundExploit(**e) for e in data["exploits"]),
            tuple(data["commons"]),
            data["seconds"],
            from_cache=True,
        )


def action_name(action: Action, table: tuple[str, ...]) -> str:
    """An action in words for the JSON: "claim pair", "aside 6"."""
    kind, arg = action
    return f"claim {table[arg]}" if kind == "claim" else f"aside {arg}"


def plan_action(
    common: Hand, seq: Seq, hidden: Hand, table: tuple[str, ...], rules: SlyRules
) -> str:
    """What the points plan does at this position: "stop" or "aside <face>"."""
    if len(seq) + 1 >= ROLLS:
        return "stop"
    face = points_plan(common, table, rules).choice(tuple(sorted(seq)), hidden, len(seq) + 1)
    return "stop" if face is None else f"aside {face}"


def plan_choices(
    common: Hand, seq: Seq, hidden: Hand, table: tuple[str, ...], rules: SlyRules
) -> tuple[str, ...]:
    """The points plan's best rolling choices here, "stop" or "aside <face>"
    (several when they score the same on average)."""
    if len(seq) + 1 >= ROLLS:
        return ("stop",)
    plan = points_plan(common, table, rules)
    options = plan.options(tuple(sorted(seq)), hidden, len(seq) + 1)
    best = max(options.values())
    return tuple(
        "stop" if face is None else f"aside {face}" for face, v in options.items() if v == best
    )


def _kind(plan: tuple[str, ...], choice: str) -> str:
    """How a rolling choice leaves the plan (one of `DEPARTURE_KINDS`)."""
    if choice == "stop":
        return "stops instead of rolling"
    return "rolls instead of stopping" if "stop" in plan else "sets another die aside"


def _rolling(action: Action) -> str:
    return "stop" if action[0] == "claim" else f"aside {action[1]}"


class BotPolicy(Mapping[tuple[Seq, Hand], Mapping[Action, float]]):
    """A bot's way of playing the round as a policy, worked out where asked: it
    rolls by the points plan (the equilibrium bot by the whole round's
    solution) and claims by its own `claim_chances`."""

    def __init__(self, bot: Bot, common: Hand, table: tuple[str, ...], rules: SlyRules) -> None:
        self.bot, self.common, self.table, self.rules = bot, common, table, rules

    def __getitem__(self, position: tuple[Seq, Hand]) -> Mapping[Action, float]:
        seq, hidden = position
        if self.bot.whole_round:
            rolling = rolling_chances(self.common, seq, hidden, self.table, self.rules)
        else:
            plan = plan_action(self.common, seq, hidden, self.table, self.rules)
            rolling = {None if plan == "stop" else int(plan.split()[1]): Fraction(1)}
        found: dict[Action, float] = {("aside", f): float(p) for f, p in rolling.items() if f}
        stop = float(rolling.get(None, 0))
        if stop:
            seen = Seen(self.common, tuple(sorted(seq)), len(hidden), self.table, self.rules)
            seen = replace(seen, order=seq)
            for card, p in self.bot.claim_chances(seen, hidden).items():
                found["claim", self.table.index(card)] = stop * float(p)
        return found

    def __iter__(self) -> Iterator[tuple[Seq, Hand]]:
        raise TypeError("a bot's policy is worked out position by position")

    def __len__(self) -> int:
        raise TypeError("a bot's policy is worked out position by position")


def bot_accuse(
    bot: Bot, common: Hand, spec: RoundSpec, table: tuple[str, ...], rules: SlyRules
) -> dict[tuple[Seq, int], float]:
    """How often `bot` accuses each (dice set aside, claim) over these common dice."""
    found = {}
    for seq in dict.fromkeys(s for s, _ in spec.positions):
        seen = Seen(common, tuple(sorted(seq)), spec.own - len(seq), table, rules, order=seq)
        for c, card in enumerate(table):
            found[seq, c] = float(bot.accuse_chance(seen, card))
    return found


def _record(common: Hand, solved: SolvedRound, table: tuple[str, ...]) -> dict[str, Any]:
    """One common roll's solution as plain data."""
    words = " ".join

    return {
        "common": list(common),
        "value": solved.value,
        "gap": solved.gap,
        "accuse": {
            words(map(str, seq)): {table[c]: q for (s, c), q in solved.accuse.items() if s == seq}
            for seq in dict.fromkeys(s for s, _ in solved.accuse)
        },
        "policy": {
            f"{words(map(str, seq))}|{words(map(str, hidden))}": {
                action_name(a, table): p for a, p in actions.items()
            }
            for (seq, hidden), actions in solved.policy.items()
        },
    }


@dataclass
class _Tally:
    """What `_solve` adds up over the common rolls, each weighted by its chance."""

    value: float = 0.0
    gap: float = 0.0
    lies: float = 0.0
    on_plan: float = 0.0
    kinds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(DEPARTURE_KINDS, 0.0))


def _add(
    tally: _Tally,
    p: float,
    common: Hand,
    solved: SolvedRound,
    table: tuple[str, ...],
    rules: SlyRules,
    departures: list[Departure],
) -> None:
    """One common roll's share of the value, the lies and the departures."""
    spec = solved.spec
    tally.value += p * solved.value
    tally.gap = max(tally.gap, solved.gap)
    on_plan: dict[tuple[Seq, Hand], float] = {
        ((), h): chance(h, spec.faces) for h in hands(spec.own, spec.faces)
    }
    for seq, hidden, mass in walk(spec, solved.policy):
        own = spec.own_dice(seq, hidden)
        actions = solved.policy[seq, hidden]
        plan = plan_choices(common, seq, hidden, table, rules)
        rolled: dict[str, float] = {}
        for action, q in actions.items():
            rolled[_rolling(action)] = rolled.get(_rolling(action), 0.0) + q
            if action[0] == "claim" and not spec.truths[own][action[1]]:
                tally.lies += p * mass * q
        away = 1.0 - sum(rolled.get(choice, 0.0) for choice in plan)
        for choice, q in rolled.items():
            if choice not in plan:
                tally.kinds[_kind(plan, choice)] += p * mass * q
        if away > 1e-9:
            named = {action_name(a, table): round(q, 6) for a, q in actions.items()}
            departures.append(Departure(common, seq, hidden, plan, named, p * mass * away))
        kept = on_plan.get((seq, hidden), 0.0)
        for choice in plan:
            stay = kept * rolled.get(choice, 0.0)
            if choice == "stop":
                tally.on_plan += p * stay
                continue
            face = int(choice.split()[1])
            for h in hands(len(hidden) - 1, spec.faces):
                key = ((*seq, face), h)
                on_plan[key] = on_plan.get(key, 0.0) + stay * chance(h, spec.faces)


def _solve(table: tuple[str, ...], rules: SlyRules, progress: Any) -> SolvedWholeRound:
    start = time.perf_counter()
    commons = sorted_hands(COMMON_DICE)
    bots = [strategy(name) for name in STRATEGIES]
    tally, records, departures = _Tally(), [], list[Departure]()
    as_claimer, as_accuser = [0.0] * len(bots), [0.0] * len(bots)
    with progress_bar(len(commons), "Sly Dice whole rounds", progress) as bar:
        for common in commons:
            p = weight(common) / 6**COMMON_DICE
            spec = round_spec(common, table, rules)
            solved = solve_round(spec)
            _add(tally, p, common, solved, table, rules, departures)
            for b, bot in enumerate(bots):
                as_claimer[b] += p * accuser_best(spec, BotPolicy(bot, common, table, rules))
                as_accuser[b] += p * claimer_best(spec, bot_accuse(bot, common, spec, table, rules))
            records.append(_record(common, solved, table))
            bar.update()
    value = tally.value
    return SolvedWholeRound(
        table,
        rules.settings(),
        value,
        solve_table(table, rules).value,
        tally.gap,
        tally.lies,
        1.0 - tally.on_plan,
        tally.kinds,
        tuple(sorted(departures, key=lambda d: -d.chance)[:10]),
        tuple(
            RoundExploit(bot.name, value - as_claimer[b], as_accuser[b] - value)
            for b, bot in enumerate(bots)
        ),
        tuple(records),
        round(time.perf_counter() - start, 1),
    )


def solve_whole_round(
    table: tuple[str, ...] | None = None,
    rules: SlyRules = DEFAULT_RULES,
    use_cache: bool = True,
    progress: Any = None,
) -> SolvedWholeRound:
    """The whole round solved for `table` (every card of `rules` by default),
    from the cache when it holds it; `progress` as for `solved.solve_table`."""
    table = rules.ids if table is None else tuple(rules.card(c).id for c in table)
    key = {"format": FORMAT_VERSION, "table": list(table), "rules": rules.settings()}
    path = cache_path(key)
    if use_cache:
        found = load_cached(path, key, lambda data: _checked(SolvedWholeRound.from_json(data)))
        if found is not None:
            return found
    result = _solve(table, rules, progress)
    if use_cache:
        save_cached(path, key, result.to_json())
    return result


def certify(record: Mapping[str, Any], table: tuple[str, ...], rules: SlyRules) -> float:
    """Rebuild both best responses against a stored common roll's strategies
    (`record`, plain data as cached): what the better one gains over the
    other (at most `LP_TOLERANCE` for an equilibrium)."""
    common = tuple(record["common"])
    spec = round_spec(common, table, rules)

    def dice(text: str) -> Hand:
        return tuple(int(f) for f in text.split())

    def action(text: str) -> Action:
        kind, arg = text.split()
        return ("claim", table.index(arg)) if kind == "claim" else ("aside", int(arg))

    accuse = {
        (dice(seq), table.index(card)): float(q)
        for seq, row in record["accuse"].items()
        for card, q in row.items()
    }
    policy = {}
    for where, actions in record["policy"].items():
        seq, hidden = where.split("|")
        policy[dice(seq), dice(hidden)] = {action(a): float(p) for a, p in actions.items()}
    return claimer_best(spec, accuse) - accuser_best(spec, policy)


def _checked(result: SolvedWholeRound) -> SolvedWholeRound:
    """A cached result, if its certificate and its numbers hold (else ValueError)."""
    if not 0 <= result.lies <= 1 or not 0 <= result.departs <= 1:
        raise ValueError("a share out of 0..1")
    if abs(result.gap) > LP_TOLERANCE or len(result.commons) != 56:
        raise ValueError("not a certified solution of every common roll")
    value = sum(weight(tuple(c["common"])) / 6**COMMON_DICE * c["value"] for c in result.commons)
    if abs(value - result.value) > LP_TOLERANCE:
        raise ValueError("the value is not the common rolls' average")
    return result


def cache_path(key: dict[str, Any]) -> Path:
    """Where the whole round is cached: named by a digest of the settings."""
    from dicelab.core.engine.cache import cache_dir, sha256

    digest = sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
    return cache_dir() / f"sly-dice-round-{digest}.json"
