"""What a process costs, read from Linux's /proc: CPU seconds and resident memory,
and the CPU the whole machine spent, so that the rest of its load can be told apart.

The load benchmark reads them for the bot's process from outside it, so that
measuring does not change what is measured.
"""

from __future__ import annotations

import os
from pathlib import Path


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far."""
    fields = _stat_fields(pid)
    # After the command name: state is field 3, utime 14 and stime 15 (1-based).
    user, system = int(fields[11]), int(fields[12])
    return (user + system) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children so far: the living children's own, and
    what the children it has already reaped used (a server's ended connections)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):  # ended meanwhile
            continue
        # ppid is field 4; cutime 16 and cstime 17: its reaped children's time.
        if int(stat.parent.name) == pid or int(fields[1]) == pid:
            ticks += sum(int(fields[n]) for n in (11, 12, 13, 14))
    return ticks / os.sysconf("SC_CLK_TCK")


def machine_cpu_seconds() -> tuple[float, float]:
    """CPU seconds the whole machine spent busy so far, over all its cores, and the
    seconds its virtual CPUs waited for the host (steal)."""
    names = Path("/proc/stat").read_text().splitlines()[0].split()
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, names[1:9])
    tick = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / tick, steal / tick


def resident_kib(pid: int) -> int:
    """The process's resident set size (VmRSS), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def _stat_fields(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (which may hold spaces)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
