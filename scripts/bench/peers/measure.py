# Runs one command as a child and prints, as JSON, its wall time (spawn to exit), CPU time (user + system) and peak
# RSS, from wait4's rusage of that child alone, and its standard output. Used by scripts/bench/peers.ts for every
# process it times, flakeguard's included, so that all are measured the same way.
#   python3 measure.py <command> [args...]
import json
import os
import subprocess
import sys
import time

t0 = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE)
out = child.stdout.read()
_, status, usage = os.wait4(child.pid, 0)
wall = time.perf_counter() - t0
print(json.dumps({
    'ms': wall * 1000,
    'cpuMs': (usage.ru_utime + usage.ru_stime) * 1000,
    'maxRssKb': usage.ru_maxrss,
    'status': os.waitstatus_to_exitcode(status),
    'stdout': out.decode('utf-8', 'replace'),
}))
