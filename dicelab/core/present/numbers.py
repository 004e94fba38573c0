"""Ways to write an exact probability for people: fraction, decimal, percent, odds.

>>> p = Fraction(1, 1296)
>>> fraction_text(p), decimal_text(p), percent_text(p), one_in_text(p)
('1/1296', '0.000772', '0.07716%', '1 in 1296')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from dicelab.core.i18n import msg, number, percent, translate

ExactNumber = Fraction | int
ONE_IN = msg("odds|one_in", "1 in {n}")
NEVER = msg("odds|never", "never")
CERTAIN = msg("odds|certain", "certain")


def fraction_text(x: ExactNumber) -> str:
    """Always "p/q" in lowest terms, even for 0 and 1 (so it parses the same way).

    >>> fraction_text(Fraction(6, 36)), fraction_text(Fraction(1)), fraction_text(0)
    ('1/6', '1/1', '0/1')
    """
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def parse_fraction(text: str) -> Fraction:
    """Read back what `fraction_text` wrote.

    >>> parse_fraction("2783176/60466176")
    Fraction(347897, 7558272)
    """
    return Fraction(text)


def decimal_text(x: ExactNumber | float, places: int = 6, lang: str = "en") -> str:
    """A rounded decimal, for reading; never for computing (in English as
    Python writes it, in another language as that language does).

    >>> decimal_text(Fraction(2, 3)), decimal_text(Fraction(175, 12), 4, "pt")
    ('0.666667', '14,5833')
    """
    exact = Fraction(x)  # a float's own binary value: rounded as Python rounds it
    return f"{float(x):.{places}f}" if lang == "en" else number(exact, places, lang)


def share_text(p: ExactNumber | float, places: int = 1, lang: str = "en") -> str:
    """A share as a percentage with `places` decimals.

    >>> share_text(0.75), share_text(0.75, 1, "fr")
    ('75.0%', '75,0\\xa0%')
    """
    return f"{float(p):.{places}%}" if lang == "en" else percent(Fraction(p), places, lang)


def decimals_of(text: str) -> int:
    """The decimals of a number written by Python (in any notation).

    >>> decimals_of("21.3"), decimals_of("1.286e-05"), decimals_of("100")
    (1, 8, 0)
    """
    return max(0, -int(Decimal(text).as_tuple().exponent))


def percent_text(p: ExactNumber, lang: str = "en") -> str:
    """A probability as a percentage, to four significant digits.

    >>> percent_text(Fraction(1, 6)), percent_text(Fraction(1)), percent_text(0)
    ('16.67%', '100%', '0%')
    >>> percent_text(Fraction(1, 6), "pt"), percent_text(Fraction(213, 1000), "it")
    ('16,67%', '21,3%')
    """
    if p == 0:
        return "0%" if lang == "en" else percent(0, 0, lang)
    text = f"{float(p) * 100:.4g}"
    return f"{text}%" if lang == "en" else percent(p, decimals_of(text), lang)


def one_in_text(p: ExactNumber, lang: str = "en") -> str:
    """A probability as "1 in N", the way players say it.

    >>> one_in_text(Fraction(1, 6)), one_in_text(Fraction(2, 3)), one_in_text(0)
    ('1 in 6', '1 in 1.5', 'never')
    >>> one_in_text(Fraction(157339, 157464)), one_in_text(1)
    ('1 in 1.0008', 'certain')
    >>> one_in_text(Fraction(2, 3), "pt"), one_in_text(1, "es")
    ('1 em 1,5', 'seguro')
    """
    if p == 0:
        return translate(NEVER, lang)
    if p == 1:
        return translate(CERTAIN, lang)
    n = 1 / Fraction(p)
    text = str(round(n)) if n >= 10 else f"{float(n):.2g}"
    text = text if text != "1" else f"{float(n):.5g}"
    return translate(ONE_IN, lang, n=text if lang == "en" else number(n, decimals_of(text), lang))


def latex_fraction(x: ExactNumber) -> str:
    r"""A fraction for LaTeX.

    >>> latex_fraction(Fraction(-1, 6)), latex_fraction(Fraction(3))
    ('-\\frac{1}{6}', '3')
    """
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    return rf"{sign}\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"
