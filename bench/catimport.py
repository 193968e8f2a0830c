#!/usr/bin/env python3
"""Time `tco catalog import` on a generated price list (docs/PERFORMANCE.md,
Importing a price list).

    python3 bench/catimport.py --build BUILD [--rows 40000] [--reps 5] [--from skypilot]

Writes a list of --rows rows in the layout of SkyPilot's AWS vms.csv (or of a
gpuhunt CSV, with CRLF): one row per instance type, region and zone; a quarter
of the rows GPU machines whose GPU the map names (p5, p4d, p5en, with
SkyPilot's quoted GpuInfo), a quarter GPU machines it does not (g5 with A10G),
the rest machines without a GPU, 1,000 instance types over 16 regions of 3
zones, and some empty spot prices. Then imports it --reps times, each in a
fresh process, and prints one line of key=value pairs: the rows, the offers
written, the file's size, and the median wall and CPU time (user + system) and
the largest peak RSS over the runs.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

GPU = [("p5.48xlarge", "H100", 8, 81920, 98.32), ("p4d.24xlarge", "A100", 8, 40960, 32.77),
       ("p5en.48xlarge", "H200", 8, 144384, 84.8), ("g5.12xlarge", "A10G", 4, 24576, 5.672)]


def rows(n, hunt):
    regions = ["r%02d" % i for i in range(16)]
    k = 0
    types = 1000
    while True:
        for t in range(types):
            for r in regions:
                for z in "abc":
                    if k == n:
                        return
                    kind = k % 4
                    spot = "" if k % 7 == 0 else "%.6f" % (0.3 + (k % 13) * 0.01)
                    if kind < 2:
                        name, gpu, count, mib, price = GPU[(k // 4 + kind) % 4]
                        inst = name if t < 4 else "%s-%d" % (name, t)
                    else:
                        name, gpu, count, mib, price = "m%d.large" % t, "", 0, 0, 0.1 + t * 0.001
                        inst = name
                    if hunt:
                        yield "%s,%s,%s,8,32.0,%s,%s,%s,%s\r\n" % (
                            inst, r, price if not spot or k % 2 else spot, count or 0, gpu,
                            mib // 1024 if mib else "", "True" if spot and k % 2 == 0 else "False")
                    else:
                        info = ('"{\'Gpus\': [{\'Name\': \'%s\', \'Manufacturer\': \'NVIDIA\', '
                                '\'Count\': %d, \'MemoryInfo\': {\'SizeInMiB\': %d}}], '
                                '\'TotalGpuMemoryInMiB\': %d}"' % (gpu, count, mib, mib * count)
                                if gpu else "")
                        yield "%s,%s,%s,8.0,32.0,%s,%s,%s,%s,%s-%s\n" % (
                            inst, gpu, "%.1f" % count if gpu else "", info, price, spot, r, r, z)
                    k += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--rows", type=int, default=40000)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--from", dest="kind", default="skypilot", choices=["skypilot", "gpuhunt"])
    a = ap.parse_args()
    tco = os.path.join(a.build, "tco")
    hunt = a.kind == "gpuhunt"
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "aws.csv" if hunt else "vms.csv")
        with open(src, "w", newline="") as f:
            f.write("instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,"
                    "spot\r\n" if hunt else
                    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,"
                    "Price,SpotPrice,Region,AvailabilityZone\n")
            f.writelines(rows(a.rows, hunt))
        out = os.path.join(d, "out.xml")
        walls, cpus, rss = [], [], 0
        for _ in range(a.reps):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            p = subprocess.run([tco, "catalog", "import", src, "--from", a.kind, "--provider",
                                "aws", "--as-of", "2026-12-01", "-q", "-o", out],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            walls.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if p.returncode:
                sys.exit("import failed: " + p.stderr.decode())
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            rss = max(rss, after.ru_maxrss)
        offers = open(out).read().count("<offer ")
        print("import from=%s rows=%d offers=%d mb=%.1f median_ms=%.1f cpu_ms=%.1f "
              "peak_rss_mb=%.1f" % (a.kind, a.rows, offers, os.path.getsize(src) / 1e6,
                                    statistics.median(walls) * 1e3,
                                    statistics.median(cpus) * 1e3, rss / 1024))


if __name__ == "__main__":
    main()
