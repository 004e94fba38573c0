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

The kernel's end has the same limit on its PUB socket: when the server reads
late, the kernel drops what does not fit.  `PlayKernelManager` starts its
kernels with `dicelab.kernel_launcher`, which publishes with no such limit
either, so nothing a kernel says is lost at either end.

>>> manager = PlayKernelManager()
>>> with manager.context.socket(zmq.SUB) as socket:
...     socket.rcvhwm
0
>>> PlayKernel(kernel_name="python3").format_kernel_cmd()[1:3]
['-m', 'dicelab.kernel_launcher']
"""

from __future__ import annotations

import zmq
import zmq.asyncio
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager,
    ServerKernelManager,
)
from traitlets import default

NAME = f"{__name__}.PlayKernelManager"
LAUNCHER = "dicelab.kernel_launcher"


class PlayKernel(ServerKernelManager):
    """One kernel of the server, started by `dicelab.kernel_launcher` in place of
    ipykernel's own launcher (the same kernel, publishing without a limit)."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        command = super().format_kernel_cmd(extra_arguments)
        return [LAUNCHER if part == "ipykernel_launcher" else part for part in command]


class PlayKernelManager(AsyncMappingKernelManager):
    """Jupyter server's kernel manager whose sockets to the kernels keep every
    message they receive (no receive high-water mark)."""

    @default("context")
    def _context_default(self) -> zmq.asyncio.Context:
        context: zmq.asyncio.Context = super()._context_default()
        context.setsockopt(zmq.RCVHWM, 0)
        return context

    @default("kernel_manager_class")
    def _kernel_manager_class_default(self) -> str:
        return f"{__name__}.PlayKernel"
