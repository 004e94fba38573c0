"""The build steps pyproject.toml cannot say: the solver's compiled kernel, the
course and the compiled translations (everything else is in pyproject.toml).

- The kernel (`dicelab/dice_poker/solver/compiled.py` says why) is optional:
  without a C compiler the install goes on, and the solver runs the same
  kernel in numpy.  `-O3` only, no `-march`, so that the build runs on any
  machine of its architecture; no fused multiply-add, so that its values
  equal the numpy kernel's to the last bit.
- The course: the lessons and `play.ipynb` of `notebooks/` (where the clone
  keeps them) are copied to `dicelab/course/` in the build, so that a wheel
  carries them (`dicelab.course` finds either; MANIFEST.in puts `notebooks/`
  in the sdist).
- Every catalog `dicelab/locale/<lang>/LC_MESSAGES/dicelab.po` is compiled
  by Babel to a `dicelab.mo` beside it in the build (none is fine).

An editable install builds neither copy: it reads `notebooks/` and the `.po`
files of the clone.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
COURSE = ("[0-9][0-9]-*.ipynb", "play.ipynb")  # as dicelab/course.py finds them
CATALOGS = "locale/*/LC_MESSAGES/dicelab.po"


def copy_course(source: Path, target: Path) -> None:
    """Copy the course's notebooks of `source` (the lessons and the play app) into `target`."""
    notebooks = [path for pattern in COURSE for path in sorted(source.glob(pattern))]
    if not any(path.name == "play.ipynb" for path in notebooks):
        raise FileNotFoundError(f"no course to package: {source / 'play.ipynb'} is missing")
    target.mkdir(parents=True, exist_ok=True)
    for path in notebooks:
        shutil.copyfile(path, target / path.name)


def compile_catalogs(source: Path, target: Path) -> None:
    """Compile every catalog of the package `source` to a `.mo` at the same place
    in the package `target` (fuzzy entries left out, as `dicelab.core.i18n` does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(source.glob(CATALOGS)):
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as text, mo.open("wb") as compiled:
            write_mo(compiled, read_po(text))


class BuildWithCourse(build_py):
    """`build_py`, then the course and the compiled catalogs into the build."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        package = Path(self.build_lib) / "dicelab"
        copy_course(ROOT / "notebooks", package / "course")
        compile_catalogs(ROOT / "dicelab", package)


setup(
    cmdclass={"build_py": BuildWithCourse},
    ext_modules=[
        Extension(
            "dicelab.dice_poker.solver._turn",
            sources=[
                "dicelab/dice_poker/solver/_turn.c",  # the module
                "dicelab/dice_poker/solver/turn_kernel.c",  # the kernel itself
            ],
            depends=["dicelab/dice_poker/solver/turn_kernel.h"],
            extra_compile_args=["-O3", "-ffp-contract=off"],
            optional=True,
        )
    ],
)
