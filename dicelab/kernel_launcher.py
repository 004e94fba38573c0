"""The play app's kernel: ipykernel's own, whose PUB socket (what the kernel
shows, sent to the server) keeps every message instead of dropping what is
beyond ZeroMQ's 1,000 when the server reads late (`dicelab.kernel_manager`).

`python -m dicelab.kernel_launcher -f CONNECTION_FILE`, as `ipykernel_launcher`.
"""

from __future__ import annotations

from typing import Any

import zmq
from ipykernel.kernelapp import IPKernelApp


class PlayKernelApp(IPKernelApp):
    """ipykernel's kernel application, publishing with no send high-water mark."""

    def init_iopub(self, context: Any) -> None:
        context.setsockopt(zmq.SNDHWM, 0)  # the PUB socket is made next, with it
        super().init_iopub(context)


if __name__ == "__main__":
    PlayKernelApp.launch_instance()
