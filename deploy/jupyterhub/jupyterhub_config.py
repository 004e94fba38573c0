"""JupyterHub's configuration for a class (`make hub`): see dicelab_hub.py,
tables_service.py and README.md."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dicelab_hub import configure, settings_from_env
from tables_service import configure_tables

c = get_config()  # noqa: F821  (JupyterHub defines get_config for its config files)
settings = settings_from_env(os.environ)
configure(c, settings)
configure_tables(c, settings)
