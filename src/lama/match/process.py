"""The drivers' worker processes (a tournament's pool, a server's bot pool): a worker ends with
the process that started it."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with(parent: int) -> None:
    """End this worker when its parent process dies, even by SIGKILL: no orphan plays on.

    Linux: the kernel sends SIGKILL when the parent goes (prctl PR_SET_PDEATHSIG); elsewhere a
    thread watches the parent. Either way, a parent already gone ends the worker at once.
    """
    armed = False
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
    if not armed:
        def watch():
            while os.getppid() == parent:
                time.sleep(1.0)
            os._exit(1)

        threading.Thread(target=watch, name="lama-parent-watch", daemon=True).start()
