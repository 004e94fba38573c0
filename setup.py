"""The one compiled module of dicelab, the solver's turn kernel (everything else
is in pyproject.toml; `dicelab/dice_poker/solver/compiled.py` says why).

Optional: without a C compiler the install goes on, and the solver runs the
same kernel in numpy.  `-O3` only, no `-march`, so that the build runs on any
machine of its architecture; no fused multiply-add, so that its values equal
the numpy kernel's to the last bit.
"""

from setuptools import Extension, setup

setup(
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
    ]
)
