/* bench.c - time one phase of a report through the library API.
 *
 *   bench_tco [OPTIONS] PHASE SCENARIO.ini
 *
 * Phases: load (read and validate the scenario), compute (tco_compute),
 * analyze (tco_analyze: sensitivity, sweep, cases, Monte Carlo), json
 * (tco_report_write_json), xlsx (tco_report_write_xlsx), and engine
 * (tco_compute_into repeated on one result for at least --min-time seconds,
 * for option-months per second and minor page faults per call). Before each timed run the phases
 * before it run untimed, in the order `tco report` runs them: load, compute, analyze, then the
 * writers with the analysis attached; each run starts from scratch.
 *
 * Options:
 *   --reps N          time the phase N times in this process (default 1)
 *   --catalog FILE    read this price catalog first (as tco reads its shipped one)
 *   --append FILE     append FILE's text to the scenario (an [uncertainty] section)
 *   --out FILE        where json and xlsx write (kept); default a temporary file
 *   --min-time S      engine: repeat for at least S seconds (default 0.5)
 *
 * Prints one line of key=value pairs, for bench/run_bench.py:
 *   bench_tco phase=xlsx options=1000 months=120 reps=1 median_s=... min_s=...
 *             max_s=... cpu_s=... sys_s=... minflt=... maxrss_kb=... base_kb=...
 *             [option_months_per_s=... minflt_per_call=...]
 * median_s, min_s and max_s are wall-clock times of one run of the phase;
 * cpu_s is the median CPU time (user + system) of one run, sys_s the median of its system
 * part, minflt the median of its minor page faults. maxrss_kb is this
 * process's peak resident set, everything before the phase included: run one
 * phase per process to compare them; base_kb is the resident set when the
 * (last) timed run started. */
#include "measure.h"
#include "cli/heap.h"

#include <tco.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum phase { PH_LOAD, PH_COMPUTE, PH_ANALYZE, PH_JSON, PH_XLSX, PH_ENGINE };
static const char *const phase_names[] = {"load", "compute", "analyze", "json",
                                          "xlsx", "engine",  NULL};

#define MAX_REPS 100000

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "bench_tco: %s%s\n", msg, arg ? arg : "");
    exit(2);
}

/* The whole of a file, NUL-terminated. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die("cannot read ", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf)
            die("out of memory", NULL);
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1)
            break;
        cap *= 2;
        buf = realloc(buf, cap);
    }
    if (ferror(f))
        die("cannot read ", path);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void print_diags(const tco_diags *d)
{
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        const tco_diag *g = tco_diags_get(d, i);
        if (g->severity != TCO_SEV_ERROR)
            continue;
        char buf[1024];
        tco_diag_format(g, buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
    }
}

typedef struct state {
    const char *path, *catalog, *append, *out;
    size_t options; /* of the scenario, kept after it is freed */
    int months;
    long samples; /* Monte Carlo samples, 0 without [uncertainty] */
    tco_diags *d;
    tco_scenario *s;
    tco_result *r;
    tco_analysis *a;
} state;

static void load(state *st)
{
    const char *before[2] = {st->catalog, NULL};
    tco_load_options lo;
    memset(&lo, 0, sizeof lo);
    lo.catalogs_before = st->catalog ? before : NULL;
    tco_status rc;
    if (st->append) {
        char *base = slurp(st->path), *extra = slurp(st->append);
        size_t nb = strlen(base), ne = strlen(extra);
        char *text = malloc(nb + ne + 2);
        if (!text)
            die("out of memory", NULL);
        memcpy(text, base, nb);
        text[nb] = '\n';
        memcpy(text + nb + 1, extra, ne + 1);
        rc = tco_scenario_load_string_opt(text, st->path, &lo, &st->s, st->d);
        free(text);
        free(base);
        free(extra);
    } else {
        rc = tco_scenario_load_file_opt(st->path, &lo, &st->s, st->d);
    }
    if (rc != TCO_OK) {
        print_diags(st->d);
        die("cannot load the scenario: ", tco_status_str(rc));
    }
    st->options = st->s->n_options;
    st->months = st->s->horizon_months;
    st->samples = st->s->n_uncertain ? st->s->mc_samples : 0;
}

static void compute(state *st)
{
    tco_status rc = tco_compute(st->s, &st->r);
    if (rc != TCO_OK)
        die("tco_compute: ", tco_status_str(rc));
}

static void analyze(state *st)
{
    tco_status rc = tco_analyze(st->r, NULL, NULL, &st->a);
    if (rc != TCO_OK)
        die("tco_analyze: ", tco_status_str(rc));
    st->r->analysis = st->a;
}

static void write_json(state *st)
{
    tco_status rc = tco_report_write_json(st->r, st->out, st->d);
    if (rc != TCO_OK) {
        print_diags(st->d);
        die("tco_report_write_json: ", tco_status_str(rc));
    }
}

static void write_xlsx(state *st)
{
    tco_xlsx_options o;
    memset(&o, 0, sizeof o);
    o.created = -1; /* the scenario's as_of: the same input gives the same file */
    tco_status rc = tco_report_write_xlsx(st->r, st->out, &o, st->d);
    if (rc != TCO_OK) {
        print_diags(st->d);
        die("tco_report_write_xlsx: ", tco_status_str(rc));
    }
}

static void run_phase(state *st, int phase)
{
    switch (phase) {
    case PH_LOAD:
        load(st);
        break;
    case PH_COMPUTE:
        compute(st);
        break;
    case PH_ANALYZE:
        analyze(st);
        break;
    case PH_JSON:
        write_json(st);
        break;
    case PH_XLSX:
        write_xlsx(st);
        break;
    default:
        break;
    }
}

/* Free what the phases from `from` on made. */
static void release(state *st, int from)
{
    if (from <= PH_ANALYZE && st->a) {
        if (st->r)
            st->r->analysis = NULL;
        tco_analysis_free(st->a);
        st->a = NULL;
    }
    if (from <= PH_COMPUTE) {
        tco_result_free(st->r);
        st->r = NULL;
    }
    if (from <= PH_LOAD) {
        tco_scenario_free(st->s);
        st->s = NULL;
    }
}

static double parse_num(const char *s, double lo, double hi, const char *what)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi))
        die("bad value for ", what);
    return v;
}

int main(int argc, char **argv)
{
    cli_tune_heap(); /* the tool's heap settings, first */
    state st;
    memset(&st, 0, sizeof st);
    long reps = 1;
    double min_time = 0.5;
    int argi = 1;
    for (; argi < argc && argv[argi][0] == '-' && argv[argi][1] == '-'; argi += 2) {
        const char *opt = argv[argi], *val = argi + 1 < argc ? argv[argi + 1] : NULL;
        if (!val)
            die("missing value for ", opt);
        if (strcmp(opt, "--reps") == 0)
            reps = (long)parse_num(val, 1, MAX_REPS, opt);
        else if (strcmp(opt, "--catalog") == 0)
            st.catalog = val;
        else if (strcmp(opt, "--append") == 0)
            st.append = val;
        else if (strcmp(opt, "--out") == 0)
            st.out = val;
        else if (strcmp(opt, "--min-time") == 0)
            min_time = parse_num(val, 0, 3600, opt);
        else
            die("unknown option ", opt);
    }
    if (argc - argi != 2) {
        fputs("usage: bench_tco [--reps N] [--catalog FILE] [--append FILE] [--out FILE]\n"
              "                 [--min-time S] load|compute|analyze|json|xlsx|engine "
              "SCENARIO.ini\n",
              stderr);
        return 2;
    }
    int phase = -1;
    for (int k = 0; phase_names[k]; k++)
        if (strcmp(argv[argi], phase_names[k]) == 0)
            phase = k;
    if (phase < 0)
        die("unknown phase ", argv[argi]);
    st.path = argv[argi + 1];
    char tmp[256];
    int own_out = 0;
    if (!st.out && (phase == PH_JSON || phase == PH_XLSX)) {
        const char *dir = getenv("TMPDIR");
        snprintf(tmp, sizeof tmp, "%s/bench_tco_%ld.%s", dir && *dir ? dir : "/tmp", (long)getpid(),
                 phase == PH_JSON ? "json" : "xlsx");
        st.out = tmp;
        own_out = 1;
    }
    if (!(st.d = tco_diags_new()))
        die("out of memory", NULL);

    size_t cap = (size_t)(phase == PH_ENGINE ? MAX_REPS : reps);
    double *t = malloc(sizeof *t * cap), *c = malloc(sizeof *c * cap), *y = malloc(sizeof *y * cap);
    double *pf = malloc(sizeof *pf * cap);
    if (!t || !c || !y || !pf)
        die("out of memory", NULL);
    long n = 0, base_kb = -1; /* resident set when the phase starts */
    double t_start = bench_now();
    if (phase == PH_ENGINE) {
        /* Many calls into one result, as an analysis or an optimizer
         * recomputes, timed one by one; the first call makes the result. */
        load(&st);
        base_kb = bench_status_kb("VmRSS:");
        while (n < MAX_REPS && (n < 5 || bench_now() - t_start < min_time)) {
            long f0 = bench_minflt();
            double y0, y1, t0 = bench_now(), c0 = bench_cpu(&y0);
            tco_status rc = tco_compute_into(st.s, &st.r);
            t[n] = bench_now() - t0;
            c[n] = bench_cpu(&y1) - c0;
            y[n] = y1 - y0;
            pf[n++] = (double)(bench_minflt() - f0);
            if (rc != TCO_OK)
                die("tco_compute_into: ", tco_status_str(rc));
        }
        release(&st, PH_COMPUTE);
    } else {
        for (; n < reps; n++) {
            /* The phases before this one run untimed, as tco report runs them. */
            for (int ph = PH_LOAD; ph < phase && ph <= PH_ANALYZE; ph++)
                run_phase(&st, ph);
            base_kb = bench_status_kb("VmRSS:");
            long f0 = bench_minflt();
            double y0, y1, t0 = bench_now(), c0 = bench_cpu(&y0);
            run_phase(&st, phase);
            t[n] = bench_now() - t0;
            c[n] = bench_cpu(&y1) - c0;
            y[n] = y1 - y0;
            pf[n] = (double)(bench_minflt() - f0);
            release(&st, PH_LOAD); /* each repetition starts from scratch */
        }
    }
    double faults = 0; /* engine: minor page faults of the timed calls but the first */
    for (long i = 1; i < n; i++)
        faults += pf[i];
    /* bench_median sorts each array, so the sum above comes first. */
    double median = bench_median(t, n), cpu_median = bench_median(c, n);
    double sys_median = bench_median(y, n), pf_median = bench_median(pf, n);
    printf("bench_tco phase=%s options=%zu months=%d reps=%ld median_s=%.6f min_s=%.6f "
           "max_s=%.6f cpu_s=%.6f sys_s=%.6f minflt=%.0f maxrss_kb=%ld base_kb=%ld",
           phase_names[phase], st.options, st.months, n, median, t[0], t[n - 1], cpu_median,
           sys_median, pf_median, bench_peak_rss_kb(), base_kb);
    if (phase == PH_ENGINE)
        printf(" option_months_per_s=%.0f minflt_per_call=%.1f",
               (double)st.options * st.months / median, n > 1 ? faults / (double)(n - 1) : 0.0);
    if (phase == PH_ANALYZE && st.samples)
        printf(" mc_samples=%ld", st.samples);
    printf("\n");
    if (own_out)
        remove(st.out);
    release(&st, PH_LOAD);
    tco_diags_free(st.d);
    free(t);
    free(c);
    free(y);
    free(pf);
    return fflush(stdout) == 0 ? 0 : 1;
}
