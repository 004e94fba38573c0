"""Run lessons top to bottom and store their outputs: `make lessons [LESSONS=...]`.

Each notebook is executed in a fresh kernel (nbconvert), then cleaned so that
only what a reader needs is committed: the outputs, but no widget state (nor
widget views, which cannot show without it: a widget's cell keeps its plain
text, such as "Run this cell to play ..."), no execution timings, and stable
cell ids (new cells get an id from their position).  The tests (`make
test`) then check those outputs with nbval.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def clean(path: Path) -> None:
    """Drop widget state, widget views and timings; give every cell an id; write it back."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["metadata"].pop("widgets", None)
    seen: set[str] = set()
    for index, cell in enumerate(notebook["cells"]):
        cell["metadata"].pop("execution", None)
        for output in cell.get("outputs", []):
            output.get("data", {}).pop(WIDGET_VIEW, None)
        if not cell.get("id") or cell["id"] in seen:
            cell["id"] = f"cell-{index}"
        seen.add(cell["id"])
    text = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8")


def refresh(path: Path) -> None:
    """Execute the notebook in place, then clean it."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--inplace",
            "--ExecutePreprocessor.timeout=1200",
            str(path),
        ],
        check=True,
    )
    clean(path)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        refresh(Path(name))
