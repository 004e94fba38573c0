"""The servers' kernel manager: every message a kernel sends reaches the page.

A kernel publishes what it shows (every widget it makes or changes) on a
ZeroMQ PUB socket, and the server reads it on a SUB socket.  ZeroMQ keeps at
most 1,000 messages waiting at each end and silently drops the rest, so when
a busy server falls behind a kernel that builds a panel (about 1,000 messages
at once: a widget, its layout and its style, and their first changes), the
page can miss a widget and never show the panel.  `PlayKernelManager` reads
with no such limit (what waits is kept in memory until the server forwards
it).  `dicelab play`, the browser tests and the class's single-user servers
use it (`--VoilaConfiguration.multi_kernel_manager_class`,
`--ServerApp.kernel_manager_class`).

>>> manager = PlayKernelManager()
>>> with manager.context.socket(zmq.SUB) as socket:
...     socket.rcvhwm
0
"""

from __future__ import annotations

import zmq
import zmq.asyncio
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import default

NAME = f"{__name__}.PlayKernelManager"


class PlayKernelManager(AsyncMappingKernelManager):
    """Jupyter server's kernel manager whose sockets to the kernels keep every
    message they receive (no receive high-water mark)."""

    @default("context")
    def _context_default(self) -> zmq.asyncio.Context:
        context: zmq.asyncio.Context = super()._context_default()
        context.setsockopt(zmq.RCVHWM, 0)
        return context
