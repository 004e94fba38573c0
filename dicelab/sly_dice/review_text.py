"""A Sly Dice review for people: its words, its table of claims and answers and
the report `dicelab review` writes (the shared parts in `dicelab.core.present.review`).

>>> dice_seen((2, 3, 4), (2, 4), (1, 5, 6)), dice_seen((2, 3, 4), (), ())
('2 3 4 · 2 4 · (1 5 6)', '2 3 4')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicelab.core.i18n import msg, translate
from dicelab.core.present.review import HEADINGS as REVIEW_HEADINGS
from dicelab.core.present.review import (
    PlayerReview,
    ReportParts,
    choices_table,
    dice_text,
    points,
    report,
    summary_lines,
)
from dicelab.core.present.table import OddsTable
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.review import ACCUSE, Decision, review_game
from dicelab.sly_dice.rules import SlyRules

TITLE = msg("sly-dice|review_title", "How well did you play? A Sly Dice game, choice by choice")
REFERENCE = msg(
    "sly-dice|review_reference",
    "The reference is the solved whole round (an equilibrium of claimer and accuser): "
    "rolling and claims are valued against its accuser, answers against its claimer.",
)
ROLLING = msg("sly-dice|review_rolling", "{claimer}: rolling")
STOP = msg("sly-dice|review_stop", "Stop")
ASIDE = msg("sly-dice|review_aside", "Set a {face} aside")
COSTLY_ROLL = msg(
    "sly-dice|review_costly_roll",
    "Round {round} ({dice}): you chose to {choice}; to {best} was better by {loss} points.",
)
CLAIMED = msg("sly-dice|review_claimed", "{claimer}: {card}")
ANSWER = {
    ACCUSE: msg("sly-dice|review_accuse", "Accuse"),
    "pass": msg("sly-dice|review_pass", "Pass"),
}
COSTLY_CLAIM = msg(
    "sly-dice|review_costly_claim",
    "Round {round} ({dice}): you claimed {choice}; {best} was better by {loss} points.",
)
COSTLY_ANSWER = msg(
    "sly-dice|review_costly_answer",
    "Round {round}: to {claim} ({dice}) you chose {choice}; {best} was better by {loss} points.",
)
NOTE = msg(
    "sly-dice|review_note",
    "Value: the claimer's points over the accuser (for an answer, the same with a minus), "
    "against the equilibrium, the best play following each choice. Dice: common · set "
    "aside, in order · (hidden). An answer to a claim the equilibrium never makes there "
    "is not judged.",
)
HEADINGS = {
    "round": msg("sly-dice|review_round", "Round"),
    "claim": msg("sly-dice|review_claim", "Claim"),
    **{
        key: REVIEW_HEADINGS[key]
        for key in ("dice", "choice", "best", "value", "best_value", "loss")
    },
}


def dice_seen(common: tuple[int, ...], aside: tuple[int, ...], hidden: tuple[int, ...]) -> str:
    """A claim's dice: common · set aside · (hidden), the empty parts left out."""
    parts = [dice_text(common), *([dice_text(aside)] if aside else [])]
    return " · ".join(parts + ([f"({dice_text(hidden)})"] if hidden else []))


def choice_text(choice: str, rules: SlyRules, lang: str = "en") -> str:
    """A choice in words: a card's name, Accuse / Pass, Stop / Set a 4 aside.

    >>> from dicelab.sly_dice.rules import DEFAULT_RULES
    >>> choice_text("aside 4", DEFAULT_RULES, "pt"), choice_text("full_house", DEFAULT_RULES)
    ('Separar um 4', 'Full house')
    """
    if choice in ANSWER:
        return translate(ANSWER[choice], lang)
    if choice == "stop":
        return translate(STOP, lang)
    if choice.startswith("aside "):
        return translate(ASIDE, lang, face=choice.split()[1])
    return rules.card(choice).name(lang)


def claim_text(decision: Decision, rules: SlyRules, lang: str = "en") -> str:
    """Who claimed what: "Bia: Full house" (or who was rolling)."""
    if not decision.claim:
        return translate(ROLLING, lang, claimer=decision.claimer)
    card = rules.card(decision.claim).name(lang)
    return translate(CLAIMED, lang, claimer=decision.claimer, card=card)


def head_lines(review: PlayerReview[Decision], lang: str = "en") -> list[str]:
    """What a player reads first: the losses, the rating, what the reference is."""
    return [*summary_lines(review, lang), translate(REFERENCE, lang)]


def costly_line(decision: Decision, rules: SlyRules, lang: str = "en") -> str:
    """One costly rolling choice, claim or answer in a sentence."""
    said = {"roll": COSTLY_ROLL, "claim": COSTLY_CLAIM, "accusation": COSTLY_ANSWER}
    choice, best = (choice_text(c, rules, lang) for c in (decision.choice, decision.best))
    if decision.kind == "roll":  # "you chose to stop; to set a 4 aside was better"
        choice, best = choice[:1].lower() + choice[1:], best[:1].lower() + best[1:]
    return translate(
        said[decision.kind],
        lang,
        round=decision.round,
        dice=dice_seen(decision.common, decision.aside, decision.hidden),
        claim=claim_text(decision, rules, lang),
        choice=choice,
        best=best,
        loss=points(decision.loss, lang),
    )


def decisions_table(review: PlayerReview[Decision], rules: SlyRules, lang: str = "en") -> OddsTable:
    """Every rolling choice, claim and answer of a player: the round, the claim,
    the dice, the choice and the best one, their values, the points lost."""

    def said(choice: str) -> str:
        return choice_text(choice, rules, lang)

    def valued(value: float) -> str:
        return points(value, lang)

    shown: dict[str, Callable[[Any], str]] = {"choice": said, "best": said}
    shown |= {key: valued for key in ("value", "best_value", "loss")}
    rows = tuple(
        {
            **{key: getattr(d, key) for key in HEADINGS if key not in ("claim", "dice")},
            "claim": claim_text(d, rules, lang),
            "dice": dice_seen(d.common, d.aside, d.hidden),
        }
        for d in review.decisions
    )
    return choices_table(review, HEADINGS, shown, rows, translate(NOTE, lang), lang)


def review_report(game: SlyDiceGame, fmt: str, lang: str = "en") -> str:
    """`dicelab review` of a Sly Dice game: Markdown, HTML or JSON."""
    rules = game.rules
    parts = ReportParts(
        translate(TITLE, lang),
        lambda review: head_lines(review, lang),
        lambda d: costly_line(d, rules, lang),
        lambda review: decisions_table(review, rules, lang),
        Decision.to_dict,
        {"game": "sly-dice", "seed": game.seed},
    )
    return report(review_game(game), parts, fmt, lang)
