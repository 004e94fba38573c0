"""The play app's kernels lose no message at either end of their PUB/SUB link:
a real kernel started by `PlayKernelManager` runs `dicelab.kernel_launcher`,
publishes with no send limit, and answers like any kernel."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
import zmq

from dicelab.kernel_manager import PlayKernel, PlayKernelManager

pytestmark = pytest.mark.slow  # a real kernel, a few seconds

ASK = (
    "import sys, zmq; kernel = get_ipython().kernel; "
    "print(kernel.iopub_thread.socket.getsockopt(zmq.SNDHWM), sys.argv[0].endswith("
    "'kernel_launcher.py'), 6 * 7)"
)


async def _ask_a_kernel() -> str:
    manager = PlayKernelManager()
    kernel_id = await manager.start_kernel(kernel_name="python3")
    try:
        kernel = manager.get_kernel(kernel_id)
        assert isinstance(kernel, PlayKernel)
        assert kernel.provisioner is not None
        client = kernel.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=60)
            said: list[str] = []
            reply = await client.execute_interactive(
                ASK,
                timeout=60,
                output_hook=lambda m: said.append(m["content"].get("text", "")),
            )
            assert reply["content"]["status"] == "ok"
            return "".join(said)
        finally:
            client.stop_channels()
    finally:
        await manager.shutdown_kernel(kernel_id, now=True)


def test_a_play_kernel_publishes_without_a_limit_and_answers() -> None:
    with ThreadPoolExecutor(1) as thread:  # a loop of its own (a browser test's may run)
        said = thread.submit(asyncio.run, _ask_a_kernel()).result()
    assert said.split() == ["0", "True", "42"]
    with zmq.Context() as context, context.socket(zmq.PUB) as socket:
        assert socket.getsockopt(zmq.SNDHWM) == 1000  # what a kernel has without it
