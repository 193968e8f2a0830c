#!/usr/bin/env python3
"""Run the tco benchmarks and print one line per size (see docs/PERFORMANCE.md).

    python3 bench/run_bench.py --build BUILD [--sizes seed,10x36,...] [--reps 5]
                               [--mc] [--mc-samples N] [--plan-mc] [--startup] [--suggest]
                               [--markdown]
                               [--csv FILE]

For each size (`seed` is config/seed-2026.ini; NxH is a scenario from bench_gen
with N options over H months) every phase runs in a fresh process, --reps
times: tco_compute, tco_analyze, the JSON writer and the xlsx writer, each
after the phases before it (untimed), as `tco report` runs them. The workbook
of the first xlsx run is kept; bench/xlsx_spec.py describes its content and
bench_floor writes that content with plain libxlsxwriter calls, --reps times,
in the default mode (the floor the ratio is taken against), as tco wrote the
workbook (synced, and in constant_memory mode when tco chose it, `mode=` in the
output: pair_alike_cpu_ratio), with the cells and charts alone (--cells-only:
the floor as it was before it wrote the rest of the workbook's content,
pair_cells_cpu_ratio) and in constant_memory mode (for reference), and
bench/xlsx_peer.py writes it with
Python's XlsxWriter (the peer: the tool a user would otherwise write a report
with; skipped, with peer=- in the output, without python3-xlsxwriter). Times are medians over the runs, as wall
clock and as CPU time (user + system: steadier when other processes share the
machine); peak RSS is the largest ru_maxrss over the runs of a phase, which
includes everything the process did before the phase. The engine alone is
tco_compute repeated in one process for --engine-time seconds.

Output lines are key=value pairs:
    size=10x36 options=10 months=36 compute_ms=... ratio=... cpu_ratio=...
    mc samples=100000 ... median_ms=...
    plan-mc samples=10000 plans=1 months=120 ... median_ms=...
    startup what="tco --help" ... median_ms=...
    suggest file=hostile-suggest-worst mb=... median_s=... cpu_s=... s_per_mb=...

--mc is tco_analyze on the seed with the [uncertainty] section of
bench/uncertainty-seed.ini (100,000 samples of six inputs); --mc-samples N
draws N samples instead (e.g. 1000000).

--suggest times `tco validate` on the worst case for "did you mean" (the corpus
case tests/corpus/hostile-suggest-worst.gen: 1,000 option ids sharing a
36-character prefix, 64 cases of 1,000 keys naming unknown options), which must
take under a second per megabyte.
"""
import argparse
import csv
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
import zipfile

import xlsx_spec  # the workbook's cells, read as bench_floor is given them

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
DEFAULT_SIZES = 'seed,10x36,100x120,1000x120'
GROWTH_SIZES = ('seed,10x36,100x12,100x36,100x60,100x120,'
                '50x120,200x120,500x120,1000x120')


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        sys.exit(f'run_bench: {" ".join(cmd)} failed ({p.returncode}):\n{p.stderr}')
    return p.stdout


def fields(line):
    """'prog k=v k=v' -> {k: v} with numbers converted."""
    out = {}
    for tok in line.split()[1:]:
        k, _, v = tok.partition('=')
        try:
            out[k] = float(v) if any(c in v for c in '.e') else int(v)
        except ValueError:
            out[k] = v
    return out


def last_line(text, prefix):
    for line in reversed(text.splitlines()):
        if line.startswith(prefix):
            return fields(line)
    sys.exit(f'run_bench: no "{prefix}" line in:\n{text}')


# What the floor writes as the workbook has it (bench/xlsx_spec.py): counted in
# both, element by element.
CONTENT = (b'<c ', b'<row ', b'customHeight="1"', b'<col ', b'<dataValidation ',
           b'<cfRule ', b'<hyperlink ', b'<definedName ', b'<pageSetup ', b'<pageMargins ',
           b'<pane ', b'<brk ', b'<tabColor ', b'<oddHeader>', b'<oddFooter>', b'<c:ser>',
           b'<c:title>', b'<c:legendPos ', b'<c:numCache>', b'<c:strCache>')


def content_differs(book, floor):
    """What the floor's workbook carries otherwise than the workbook it stands
    for: cells with another cell format index (s), and elements of CONTENT
    counted differently. A list of texts, empty when they agree."""
    def read(path):
        formats, counts = {}, dict.fromkeys(CONTENT, 0)
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                if not name.endswith('.xml'):
                    continue
                xml = z.read(name)
                for tag in CONTENT:
                    counts[tag] += xml.count(tag)
                if name.startswith('xl/worksheets/sheet'):
                    for m in xlsx_spec.CELL.finditer(xml):
                        s = xlsx_spec.ATTR_S.search(m.group(3))
                        formats[name, m.group(1) + m.group(2)] = int(s.group(1)) if s else 0
        return formats, counts
    (fa, ca), (fb, cb) = read(book), read(floor)
    out = [f'{tag.decode()}: {ca[tag]} in the workbook, {cb[tag]} in the floor\'s'
           for tag in CONTENT if ca[tag] != cb[tag]]
    n = sum(1 for k in fa.keys() | fb.keys() if fa.get(k) != fb.get(k))
    if n:
        out.append(f'{n} cells of the floor carry another format than in the workbook')
    return out


def summarize(runs):
    return {
        'wall': statistics.median(r['median_s'] for r in runs),
        'cpu': statistics.median(r['cpu_s'] for r in runs),
        'sys': statistics.median(r['sys_s'] for r in runs),
        'rss': max(r['maxrss_kb'] for r in runs),
        'base': max(r['base_kb'] for r in runs),
    }


def machine():
    cpu = 'unknown'
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith('model name'):
                    cpu = line.split(':', 1)[1].strip()
                    break
    except OSError:
        pass
    mem = 0
    try:
        with open('/proc/meminfo') as f:
            for line in f:
                if line.startswith('MemTotal:'):
                    mem = int(line.split()[1])
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, 'getloadavg') else 0.0
    return (f'machine nproc={os.cpu_count()} cpu="{cpu}" mem_kb={mem} '
            f'kernel={platform.release()} load1={load:.2f}')


class Bench:
    def __init__(self, args):
        self.a = args
        b = args.build
        self.tco = os.path.join(b, 'tco')
        self.bench = os.path.join(b, 'bench', 'bench_tco')
        self.gen = os.path.join(b, 'bench', 'bench_gen')
        self.floor = os.path.join(b, 'bench', 'bench_floor')
        for exe in (self.bench, self.gen, self.floor):
            if not os.access(exe, os.X_OK):
                sys.exit(f'run_bench: {exe} not found: build the project first')
        self.catalog = os.path.join(args.source, 'pricing', 'gpus.xml')
        os.makedirs(args.out, exist_ok=True)
        # The peer needs Python's XlsxWriter: this interpreter's, else Debian's.
        self.peer_python = None
        for py in (sys.executable, '/usr/bin/python3'):
            if os.access(py, os.X_OK) and subprocess.run(
                    [py, '-c', 'import xlsxwriter'], stderr=subprocess.DEVNULL).returncode == 0:
                self.peer_python = py
                break

    def scenario(self, size):
        if size == 'seed':
            return os.path.join(self.a.source, 'config', 'seed-2026.ini')
        n, _, h = size.partition('x')
        path = os.path.join(self.a.out, f'gen-{n}x{h}.ini')
        with open(path, 'w') as f:
            f.write(run([self.gen, n, h]))
        return path

    def phase(self, phase, ini, extra=()):
        cmd = [self.bench, '--catalog', self.catalog, *extra, phase, ini]
        return last_line(run(cmd), 'bench_tco')

    def size(self, size):
        ini = self.scenario(size)
        name = size if size == 'seed' else f'gen-{size}'
        book = os.path.join(self.a.out, f'{name}.xlsx')
        reps = self.a.reps
        res = {'size': size}
        for ph in ('compute', 'analyze', 'json'):
            res[ph] = summarize([self.phase(ph, ini) for _ in range(reps)])
        # The workbook once (its spec is the floor's input), then the workbook, the
        # floor and the floor written as tco writes (synced; constant_memory when tco is) in
        # turn, run by run, so that the medians and each pair's ratio come from the
        # same minutes of the machine.
        runs = [self.phase('xlsx', ini, ['--out', book])]
        res['options'], res['months'] = runs[0]['options'], runs[0]['months']
        spec = os.path.join(self.a.out, f'{name}.spec')
        with open(spec, 'w') as f:
            f.write(run([sys.executable, os.path.join(HERE, 'xlsx_spec.py'), book]))
        with open(spec) as f:
            total = [l for l in f if l.startswith('# count total')][0]
        res['counts'] = fields('x ' + total[len('# count total '):])
        # Every workbook goes to the same directory: on one file system the cost of
        # creating, syncing and renaming a file differs from directory to directory.
        fbook = os.path.join(self.a.out, f'{name}-floor.xlsx')
        # The floor written as tco wrote this workbook: synced, and in
        # constant_memory mode when tco chose it (no shared-string table).
        with zipfile.ZipFile(book) as z:
            res['constant_memory'] = 'xl/sharedStrings.xml' not in z.namelist()
        like = ['--constant-memory', '--fsync'] if res['constant_memory'] else ['--fsync']
        again = os.path.join(self.a.out, f'{name}-again.xlsx')
        floors, alike, cells = [], [], []
        for i in range(reps):
            if i > 0:
                runs.append(self.phase('xlsx', ini, ['--out', again]))
            floors.append(last_line(run([self.floor, spec, fbook]), 'bench_floor'))
            if i == 0:
                res['content_differs'] = content_differs(book, fbook)
            if not self.a.quick:
                alike.append(last_line(run([self.floor, *like, spec, fbook]), 'bench_floor'))
                cells.append(last_line(run([self.floor, '--cells-only', spec, fbook]),
                                      'bench_floor'))
        res['xlsx'], res['floor'] = summarize(runs), summarize(floors)
        res['floor']['formulas'] = floors[0]['formulas']
        res['pair_cpu_ratio'] = statistics.median(x['cpu_s'] / f['cpu_s']
                                                  for x, f in zip(runs, floors))
        # The fastest run of each: the machine only ever adds time (other
        # guests, the host), so the minima are the steadiest comparison.
        res['min_cpu_ratio'] = (min(x['cpu_s'] for x in runs) /
                                min(f['cpu_s'] for f in floors))
        # User time alone: the kernel's part (files, syncs, page faults) is what
        # varies most from minute to minute on a virtual machine.
        res['pair_user_ratio'] = statistics.median(
            (x['cpu_s'] - x['sys_s']) / max(f['cpu_s'] - f['sys_s'], 1e-9)
            for x, f in zip(runs, floors))
        if alike:
            res['floor_alike'] = summarize(alike)
            res['pair_alike_cpu_ratio'] = statistics.median(x['cpu_s'] / f['cpu_s']
                                                            for x, f in zip(runs, alike))
        if cells:
            res['floor_cells'] = summarize(cells)
            res['pair_cells_cpu_ratio'] = statistics.median(x['cpu_s'] / f['cpu_s']
                                                          for x, f in zip(runs, cells))
        for mode, flags in (('floor_sync', ['--fsync']), ('floor_cm', ['--constant-memory'])):
            if self.a.quick:
                continue
            runs = [last_line(run([self.floor, *flags, spec, fbook]), 'bench_floor')
                    for _ in range(reps)]
            res[mode] = summarize(runs)
            res[mode]['formulas'] = runs[0]['formulas']
        if not self.a.quick:
            os.remove(fbook)
            if os.path.exists(again):
                os.remove(again)
        if self.peer_python:
            pbook = os.path.join(self.a.out, f'{name}-peer.xlsx')
            runs = [last_line(run([self.peer_python, os.path.join(HERE, 'xlsx_peer.py'), spec,
                                   pbook]), 'xlsx_peer') for _ in range(reps)]
            res['peer'] = summarize(runs)
            res['peer']['formulas'] = runs[0]['formulas']
            if not self.a.quick:
                os.remove(pbook)
        eng = self.phase('engine', ini, ['--min-time', str(self.a.engine_time)])
        res['engine_omps'] = eng['option_months_per_s']
        return res

    def mc(self):
        ini = os.path.join(self.a.source, 'config', 'seed-2026.ini')
        section = os.path.join(HERE, 'uncertainty-seed.ini')
        if self.a.mc_samples:
            with open(section) as f:
                text = re.sub(r'(?m)^samples = \d+$', f'samples = {self.a.mc_samples}', f.read())
            section = os.path.join(self.a.out, 'uncertainty-seed.ini')
            with open(section, 'w') as f:
                f.write(text)
        extra = ['--append', section]
        runs = [self.phase('analyze', ini, extra) for _ in range(self.a.reps)]
        s = summarize(runs)
        return (f'mc samples={runs[0].get("mc_samples", 0)} options={runs[0]["options"]} '
                f'months={runs[0]["months"]} median_ms={s["wall"] * 1e3:.1f} '
                f'cpu_ms={s["cpu"] * 1e3:.1f} rss_kb={s["rss"]}')

    def plan_mc(self):
        """tco_analyze on bench/plan-mc.ini: 10,000 samples of a plan over 120 months."""
        ini = os.path.join(HERE, 'plan-mc.ini')
        runs = [self.phase('analyze', ini) for _ in range(self.a.reps)]
        s = summarize(runs)
        return (f'plan-mc samples={runs[0].get("mc_samples", 0)} plans=1 '
                f'options={runs[0]["options"]} months={runs[0]["months"]} '
                f'median_ms={s["wall"] * 1e3:.1f} cpu_ms={s["cpu"] * 1e3:.1f} rss_kb={s["rss"]}')

    def startup(self):
        seed = os.path.join(self.a.source, 'config', 'seed-2026.ini')
        cases = [('true', ['true']), ('tco --help', [self.tco, '--help']),
                 ('tco validate', [self.tco, 'validate', seed])]
        env = dict(os.environ, TCO_DATA_DIR=self.a.source)
        lines = []
        hyperfine = shutil.which('hyperfine')
        for what, cmd in cases:
            if hyperfine:
                out = os.path.join(self.a.out, 'hyperfine.json')
                run([hyperfine, '--warmup', '5', '--runs', '100', '-N', '--export-json', out,
                     ' '.join(cmd)], env=env)
                with open(out) as f:
                    r = json.load(f)['results'][0]
                med, mean, tool = r['median'], r['mean'], 'hyperfine'
            else:
                times = []
                for _ in range(5 + 100):
                    t0 = time.perf_counter()
                    subprocess.run(cmd, stdout=subprocess.DEVNULL, env=env, check=True)
                    times.append(time.perf_counter() - t0)
                times = times[5:]
                med, mean, tool = statistics.median(times), statistics.mean(times), 'loop'
            lines.append(f'startup what="{what}" tool={tool} runs=100 '
                         f'median_ms={med * 1e3:.2f} mean_ms={mean * 1e3:.2f}')
        return lines

    def suggest(self):
        gen = os.path.join(self.a.source, 'tests', 'corpus', 'hostile-suggest-worst.gen')
        path = os.path.join(self.a.out, 'hostile-suggest-worst.ini')
        with open(path, 'w') as f:
            f.write(run(['sh', gen]))
        mb = os.path.getsize(path) / 1e6
        env = dict(os.environ, TCO_DATA_DIR=self.a.source)
        walls, cpus = [], []
        for _ in range(self.a.reps):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            p = subprocess.run([self.tco, 'validate', path], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=env)
            walls.append(time.perf_counter() - t0)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
            if p.returncode != 2:
                sys.exit(f'run_bench: tco validate {path}: exit {p.returncode}, want 2')
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        return (f'suggest file=hostile-suggest-worst mb={mb:.2f} median_s={wall:.3f} '
                f'cpu_s={cpu:.3f} s_per_mb={wall / mb:.3f}')


def line(r):
    c = r['counts']
    s = (f'size={r["size"]} options={r["options"]} months={r["months"]} '
         f'option_months={r["options"] * r["months"]} '
         f'mode={"constant_memory" if r["constant_memory"] else "in_memory"} '
         f'compute_ms={r["compute"]["wall"] * 1e3:.3f} analyze_ms={r["analyze"]["wall"] * 1e3:.3f} '
         f'json_ms={r["json"]["wall"] * 1e3:.2f} xlsx_ms={r["xlsx"]["wall"] * 1e3:.2f} '
         f'floor_ms={r["floor"]["wall"] * 1e3:.2f} '
         f'ratio={r["xlsx"]["wall"] / r["floor"]["wall"]:.3f} '
         f'xlsx_cpu_ms={r["xlsx"]["cpu"] * 1e3:.2f} floor_cpu_ms={r["floor"]["cpu"] * 1e3:.2f} '
         f'cpu_ratio={r["xlsx"]["cpu"] / r["floor"]["cpu"]:.3f} '
         f'pair_cpu_ratio={r["pair_cpu_ratio"]:.3f} min_cpu_ratio={r["min_cpu_ratio"]:.3f} '
         f'xlsx_sys_ms={r["xlsx"]["sys"] * 1e3:.2f} floor_sys_ms={r["floor"]["sys"] * 1e3:.2f} '
         f'pair_user_ratio={r["pair_user_ratio"]:.3f} ')
    if 'floor_alike' in r:
        s += (f'floor_alike_cpu_ms={r["floor_alike"]["cpu"] * 1e3:.2f} '
              f'floor_alike_sys_ms={r["floor_alike"]["sys"] * 1e3:.2f} '
              f'pair_alike_cpu_ratio={r["pair_alike_cpu_ratio"]:.3f} ')
    if 'floor_cells' in r:
        s += (f'floor_cells_cpu_ms={r["floor_cells"]["cpu"] * 1e3:.2f} '
              f'pair_cells_cpu_ratio={r["pair_cells_cpu_ratio"]:.3f} ')
    if 'floor_sync' in r:
        s += (f'floor_sync_ms={r["floor_sync"]["wall"] * 1e3:.2f} '
              f'sync_ratio={r["xlsx"]["wall"] / r["floor_sync"]["wall"]:.3f} ')
    if 'floor_cm' in r:
        s += (f'floor_cm_ms={r["floor_cm"]["wall"] * 1e3:.2f} '
              f'floor_cm_cpu_ms={r["floor_cm"]["cpu"] * 1e3:.2f} ')
    if 'peer' in r:
        s += (f'peer_ms={r["peer"]["wall"] * 1e3:.2f} peer_cpu_ms={r["peer"]["cpu"] * 1e3:.2f} '
              f'peer_ratio={r["xlsx"]["wall"] / r["peer"]["wall"]:.3f} '
              f'rss_peer_kb={r["peer"]["rss"]} ')
    else:
        s += 'peer=- '
    s += (f'rss_compute_kb={r["compute"]["rss"]} rss_json_kb={r["json"]["rss"]} '
          f'rss_xlsx_kb={r["xlsx"]["rss"]} rss_floor_kb={r["floor"]["rss"]} '
          f'xlsx_adds_kb={r["xlsx"]["rss"] - r["xlsx"]["base"]} '
          f'floor_adds_kb={r["floor"]["rss"] - r["floor"]["base"]} ')
    if 'floor_cm' in r:
        s += (f'rss_floor_cm_kb={r["floor_cm"]["rss"]} '
              f'floor_cm_adds_kb={r["floor_cm"]["rss"] - r["floor_cm"]["base"]} ')
    s += (f'formulas={c["formulas"]} charts={c["charts"]} series={c["series"]} '
          f'engine_omps={r["engine_omps"]:.0f}')
    return s


def check(r):
    """Problems with one size's results, as text; empty when they are sound."""
    bad = []
    for ph in ('compute', 'analyze', 'json', 'xlsx', 'floor'):
        for k in ('wall', 'cpu', 'sys', 'rss'):
            v = r[ph][k]
            if not (isinstance(v, (int, float)) and v >= 0 and v == v):
                bad.append(f'{ph} {k} = {v!r}')
        if r[ph]['sys'] > r[ph]['cpu'] + 1e-6:
            bad.append(f'{ph}: system time {r[ph]["sys"]} above the CPU time {r[ph]["cpu"]}')
        if not r[ph]['rss'] > 0 or not r[ph]['wall'] > 0:
            bad.append(f'{ph}: no time or memory measured')
    bad += r['content_differs']
    if r['counts']['formulas'] <= 0:
        bad.append('no formula cells in the workbook')
    if r['floor']['formulas'] != r['counts']['formulas']:
        bad.append(f'the floor wrote {r["floor"]["formulas"]} formulas, the workbook has '
                   f'{r["counts"]["formulas"]}')
    if 'peer' in r and r['peer']['formulas'] != r['counts']['formulas']:
        bad.append(f'the peer wrote {r["peer"]["formulas"]} formulas, the workbook has '
                   f'{r["counts"]["formulas"]}')
    if not r['engine_omps'] > 0:
        bad.append('no engine rate')
    return bad


def markdown(results):
    head = ['size', 'option-months', 'formula cells', 'compute ms', 'analyze ms', 'JSON ms',
            'xlsx ms (CPU)', 'floor ms (CPU)', 'xlsx / floor wall (CPU)',
            'floor c_m ms (CPU)', 'Python XlsxWriter ms (CPU)', 'peak RSS compute MB', 'peak RSS xlsx MB',
            'xlsx writer adds MB', 'floor adds MB', 'floor c_m adds MB']
    out = ['| ' + ' | '.join(head) + ' |', '|' + '---|' * len(head)]
    for r in results:
        x, f, cm = r['xlsx'], r['floor'], r.get('floor_cm')
        mb = lambda kb: f'{kb / 1024:.1f}'
        cells = [r['size'], f'{r["options"] * r["months"]:,}', f'{r["counts"]["formulas"]:,}',
                 f'{r["compute"]["wall"] * 1e3:.3f}', f'{r["analyze"]["wall"] * 1e3:.2f}',
                 f'{r["json"]["wall"] * 1e3:.1f}',
                 f'{x["wall"] * 1e3:.1f} ({x["cpu"] * 1e3:.1f})',
                 f'{f["wall"] * 1e3:.1f} ({f["cpu"] * 1e3:.1f})',
                 f'{x["wall"] / f["wall"]:.2f} ({x["cpu"] / f["cpu"]:.2f})',
                 f'{cm["wall"] * 1e3:.1f} ({cm["cpu"] * 1e3:.1f})' if cm else '-',
                 f'{r["peer"]["wall"] * 1e3:.1f} ({r["peer"]["cpu"] * 1e3:.1f})'
                 if 'peer' in r else '-',
                 mb(r['compute']['rss']), mb(x['rss']), mb(x['rss'] - x['base']),
                 mb(f['rss'] - f['base']), mb(cm['rss'] - cm['base']) if cm else '-']
        out.append('| ' + ' | '.join(cells) + ' |')
    return '\n'.join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', required=True, help='the CMake build directory')
    ap.add_argument('--source', default=SOURCE, help='the source tree (default: this one)')
    ap.add_argument('--out', help='working directory (default: BUILD/bench-out)')
    ap.add_argument('--sizes', default=DEFAULT_SIZES,
                    help=f'comma-separated: seed or NxH (default {DEFAULT_SIZES}); '
                         f'"growth" for {GROWTH_SIZES}')
    ap.add_argument('--reps', type=int, default=5, help='runs per measurement (default 5)')
    ap.add_argument('--engine-time', type=float, default=0.5,
                    help='seconds of tco_compute calls for the engine rate (default 0.5)')
    ap.add_argument('--quick', action='store_true',
                    help='skip the constant_memory floor and keep the files (smoke test)')
    ap.add_argument('--mc', action='store_true', help='also the Monte Carlo benchmark')
    ap.add_argument('--mc-samples', type=int,
                    help='Monte Carlo samples instead of the 100,000 of bench/uncertainty-seed.ini')
    ap.add_argument('--plan-mc', action='store_true',
                    help='also the Monte Carlo of a plan (bench/plan-mc.ini)')
    ap.add_argument('--startup', action='store_true', help='also tco --help and validate')
    ap.add_argument('--suggest', action='store_true',
                    help='also the worst case for "did you mean" (tco validate)')
    ap.add_argument('--markdown', action='store_true', help='also print a Markdown table')
    ap.add_argument('--csv', help='also write the results to this CSV file')
    ap.add_argument('--check', action='store_true',
                    help='check the results are well-formed; print "check: ok" (smoke test)')
    a = ap.parse_args()
    a.out = a.out or os.path.join(a.build, 'bench-out')
    sizes = GROWTH_SIZES if a.sizes == 'growth' else a.sizes
    b = Bench(a)
    print(machine(), flush=True)
    results = []
    for size in sizes.split(','):
        size = size.strip()
        if not size:  # --sizes '': none, e.g. for --suggest alone
            continue
        if size != 'seed':
            n, x, h = size.partition('x')
            if not (x and n.isdigit() and h.isdigit()):
                sys.exit(f'run_bench: bad size {size!r}: seed or NxH')
        results.append(b.size(size))
        print(line(results[-1]), flush=True)
    if a.check:
        bad = [f'{r["size"]}: {p}' for r in results for p in check(r)]
        if bad:
            print('check: FAILED\n' + '\n'.join(bad), flush=True)
            sys.exit(1)
        print('check: ok', flush=True)
    if a.mc or a.mc_samples:
        print(b.mc(), flush=True)
    if a.plan_mc:
        print(b.plan_mc(), flush=True)
    if a.startup:
        for l in b.startup():
            print(l, flush=True)
    if a.suggest:
        print(b.suggest(), flush=True)
    if a.markdown:
        print(markdown(results))
    if a.csv:
        with open(a.csv, 'w', newline='') as f:
            w = csv.writer(f)
            w.writerow(['size', 'options', 'months', 'formulas', 'compute_s', 'analyze_s',
                        'json_s', 'xlsx_s', 'xlsx_cpu_s', 'floor_s', 'floor_cpu_s',
                        'floor_cm_s', 'floor_cm_cpu_s', 'rss_compute_kb', 'rss_json_kb',
                        'rss_xlsx_kb', 'xlsx_adds_kb', 'floor_adds_kb', 'floor_cm_adds_kb',
                        'engine_omps'])
            for r in results:
                x, f = r['xlsx'], r['floor']
                cm = r.get('floor_cm')
                w.writerow([r['size'], r['options'], r['months'], r['counts']['formulas'],
                            r['compute']['wall'], r['analyze']['wall'], r['json']['wall'],
                            x['wall'], x['cpu'], f['wall'], f['cpu'],
                            cm['wall'] if cm else '', cm['cpu'] if cm else '',
                            r['compute']['rss'], r['json']['rss'], x['rss'],
                            x['rss'] - x['base'], f['rss'] - f['base'],
                            cm['rss'] - cm['base'] if cm else '', r['engine_omps']])

if __name__ == '__main__':
    main()
