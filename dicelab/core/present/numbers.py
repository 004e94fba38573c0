"""Ways to write an exact probability for people: fraction, decimal, percent, odds.

>>> p = Fraction(1, 1296)
>>> fraction_text(p), decimal_text(p), percent_text(p), one_in_text(p)
('1/1296', '0.000772', '0.07716%', '1 in 1296')
"""

from __future__ import annotations

from fractions import Fraction

ExactNumber = Fraction | int


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


def decimal_text(x: ExactNumber, places: int = 6) -> str:
    """A rounded decimal, for reading; never for computing.

    >>> decimal_text(Fraction(2, 3)), decimal_text(Fraction(175, 12), 4)
    ('0.666667', '14.5833')
    """
    return f"{float(x):.{places}f}"


def percent_text(p: ExactNumber) -> str:
    """A probability as a percentage, to four significant digits.

    >>> percent_text(Fraction(1, 6)), percent_text(Fraction(1)), percent_text(0)
    ('16.67%', '100%', '0%')
    """
    if p == 0:
        return "0%"
    return f"{float(p) * 100:.4g}%"


def one_in_text(p: ExactNumber) -> str:
    """A probability as "1 in N", the way players say it.

    >>> one_in_text(Fraction(1, 6)), one_in_text(Fraction(2, 3)), one_in_text(0)
    ('1 in 6', '1 in 1.5', 'never')
    >>> one_in_text(Fraction(157339, 157464)), one_in_text(1)
    ('1 in 1.0008', 'certain')
    """
    if p == 0:
        return "never"
    if p == 1:
        return "certain"
    n = 1 / Fraction(p)
    if n >= 10:
        return f"1 in {round(n)}"
    text = f"{float(n):.2g}"
    return f"1 in {text if text != '1' else f'{float(n):.5g}'}"


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
