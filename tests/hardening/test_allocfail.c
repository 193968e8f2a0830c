/* test_allocfail.c - fail the Nth allocation, for N = 1, 2, 3, ... until a run
 * completes without a failure, through loading, computing, analysing and
 * writing. Every run must end in a clean error: TCO_ERR_NOMEM, or another
 * error status with an error in the diagnostics; never a crash, never a leak,
 * and no output file or temporary file left behind.
 *
 * Linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,
 * --wrap=strndup,--wrap=free, so the wrappers below see every allocation made
 * by the library's own code. Allocations made inside the system libraries
 * (libxml2, libxlsxwriter, inih, the C library's stdio) are not wrapped: they
 * cannot be failed here, and they are not counted.
 *
 * Leaks: the wrappers keep the set of live blocks that the library allocated
 * while a run was armed; it must be empty after the run. Built with
 * AddressSanitizer, LeakSanitizer also checks every 64th run and the last.
 *
 * Each job runs in a process of its own (forked), so that what one job leaves
 * in the allocator (AddressSanitizer's quarantine of freed blocks, which every
 * leak check walks) does not slow the next.
 *
 * Parts: with --part K/N, each job fails its allocations K, K + N, K + 2N, ...
 * (and runs once without a failure at the end), so that N processes side by
 * side share the work; the N parts together fail every allocation once.
 *
 * Jobs: the seed scenario from a string; a small scenario with cases,
 * sensitivity ranges and Monte Carlo; an invalid one (error paths and hints);
 * the workbook writer alone on both valid ones; the analyses again with Monte
 * Carlo's NPVs in windows placed by a pilot of 8 samples, and with windows too
 * narrow, so that the samples are drawn again; the shipped catalog; a
 * scenario file that includes another and reads a catalog of its own after
 * the shipped one; and the zh-CN template, loaded and used by the writer.
 *
 *   test_allocfail SOURCE_DIR [JOB] [--part K/N]
 */
#include "tco.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Monte Carlo's pilot and margin (tco/core/core.h). */
extern long tci_mc_pilot;
extern double tci_mc_margin;

#if defined(__SANITIZE_ADDRESS__)
#define HAVE_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAVE_LSAN 1
#endif
#endif
#ifdef HAVE_LSAN
#include <sanitizer/lsan_interface.h>
#endif

/* ===== The wrappers ===== */

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void __real_free(void *p);

void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);
void __wrap_free(void *p);

static int armed;    /* count, fail and track allocations */
static long calls;   /* allocations since arm() */
static long fail_at; /* the call to fail (1-based), or 0 */
static int injected; /* a failure was injected in this run */

/* Live blocks: an open-addressing set of pointers with tombstones. */
#define SET_BITS  18 /* room for 196,608 live blocks; LeakSanitizer scans this table */
#define SET_SIZE  (1UL << SET_BITS)
#define TOMBSTONE ((void *)1)
static void **live;
static size_t n_live;

static size_t slot_of(const void *p)
{
    uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ULL;
    return (size_t)(h >> (64 - SET_BITS));
}

static void track(void *p)
{
    if (!armed || !p)
        return;
    if (n_live >= SET_SIZE / 4 * 3) {
        fprintf(stderr, "test_allocfail: more than %lu live blocks; raise SET_BITS\n",
                SET_SIZE / 4 * 3);
        abort();
    }
    size_t i = slot_of(p);
    while (live[i] && live[i] != TOMBSTONE)
        i = (i + 1) & (SET_SIZE - 1);
    live[i] = p;
    n_live++;
}

static void untrack(void *p)
{
    if (!p)
        return;
    for (size_t i = slot_of(p), k = 0; live[i] && k < SET_SIZE; i = (i + 1) & (SET_SIZE - 1), k++) {
        if (live[i] == p) {
            live[i] = TOMBSTONE;
            n_live--;
            return;
        }
    }
}

static int fail_now(void)
{
    if (!armed)
        return 0;
    calls++;
    if (fail_at && calls == fail_at) {
        injected = 1;
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t size)
{
    if (fail_now())
        return NULL;
    void *p = __real_malloc(size);
    track(p);
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    if (fail_now())
        return NULL;
    void *p = __real_calloc(n, size);
    track(p);
    return p;
}

void *__wrap_realloc(void *p, size_t size)
{
    if (fail_now())
        return NULL;
    void *q = __real_realloc(p, size);
    if (q || size == 0) {
        untrack(p);
        track(q);
    }
    return q;
}

char *__wrap_strdup(const char *s)
{
    if (fail_now())
        return NULL;
    char *p = __real_strdup(s);
    track(p);
    return p;
}

char *__wrap_strndup(const char *s, size_t n)
{
    if (fail_now())
        return NULL;
    char *p = __real_strndup(s, n);
    track(p);
    return p;
}

void __wrap_free(void *p)
{
    untrack(p);
    __real_free(p);
}

static void arm(long n)
{
    memset(live, 0, SET_SIZE * sizeof *live);
    n_live = 0;
    calls = 0;
    fail_at = n;
    injected = 0;
    armed = 1;
}

static void disarm(void)
{
    armed = 0;
}

/* ===== Jobs ===== */

static const char *source_dir;
static char outdir[4096];
static int failures;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        failures++;                                                                                \
        fprintf(stderr, "FAIL: " __VA_ARGS__);                                                     \
        fputc('\n', stderr);                                                                       \
    } while (0)

static char *read_file(const char *rel)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", source_dir, rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = __real_malloc(TCO_MAX_FILE + 1);
    size_t n = buf ? fread(buf, 1, TCO_MAX_FILE, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = '\0';
    return buf;
}

static void out_path(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/%s", outdir, name);
}

/* Names in the output directory, or -1; `names` gets them, comma-separated. */
static int list_outputs(char *names, size_t size)
{
    DIR *d = opendir(outdir);
    if (!d)
        return -1;
    int n = 0;
    names[0] = '\0';
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        size_t len = strlen(names);
        snprintf(names + len, size - len, "%s%s", n ? ", " : "", e->d_name);
        n++;
    }
    closedir(d);
    return n;
}

static void clear_outputs(void)
{
    DIR *d = opendir(outdir);
    if (!d)
        return;
    struct dirent *e;
    char path[8192];
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", outdir, e->d_name);
        unlink(path);
    }
    closedir(d);
}

enum { STAGE_ALL, STAGE_XLSX }; /* arm everything, or only the workbook writer */

/* Load, compute, analyse and write; `stage` says what is armed. Returns the
 * first status that is not TCO_OK; `files` gets the number of outputs the run
 * means to write. */
static tco_status scenario_job(const char *text, int stage, tco_diags *d, int *files)
{
    char json[4200], csv[4200], md[4200], xlsx[4200];
    out_path(json, sizeof json, "out.json");
    out_path(csv, sizeof csv, "out.csv");
    out_path(md, sizeof md, "out.md");
    out_path(xlsx, sizeof xlsx, "out.xlsx");
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    int was_armed = armed;
    if (stage == STAGE_XLSX)
        disarm();
    tco_status st = tco_scenario_load_string(text, "alloc.ini", &s, d);
    if (st == TCO_OK)
        st = tco_compute(s, &r);
    if (st == TCO_OK) {
        tco_result_check(r, d);
        st = tco_analyze(r, NULL, NULL, &a);
    }
    if (st == TCO_OK)
        r->analysis = a;
    if (stage == STAGE_ALL) {
        *files = 3;
        if (st == TCO_OK)
            st = tco_report_write_json(r, json, d);
        if (st == TCO_OK)
            st = tco_report_write_csv(r, csv, 1, d);
        if (st == TCO_OK)
            st = tco_report_write_md(r, md, d);
    } else {
        *files = 1;
        armed = was_armed;
        tco_xlsx_options opts = {0};
        if (st == TCO_OK)
            st = tco_report_write_xlsx(r, xlsx, &opts, d);
    }
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
    return st;
}

/* Load from files: a scenario that includes another and names a catalog,
 * after the shipped catalog; then compute, analyse and write JSON. */
static char indir[4096];
static const char *shipped[2];

static tco_status file_job(const char *path, int stage, tco_diags *d, int *files)
{
    (void)stage;
    *files = 1;
    char json[4200];
    out_path(json, sizeof json, "out.json");
    tco_load_options opts = {shipped, NULL, "2026-11-29"};
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    tco_analysis *a = NULL;
    tco_status st = tco_scenario_load_file_opt(path, &opts, &s, d);
    if (st == TCO_OK)
        st = tco_compute(s, &r);
    if (st == TCO_OK)
        st = tco_analyze(r, NULL, NULL, &a);
    if (st == TCO_OK) {
        r->analysis = a;
        st = tco_report_write_json(r, json, d);
    }
    tco_analysis_free(a);
    tco_result_free(r);
    tco_scenario_free(s);
    return st;
}

static int write_text(const char *dir, const char *name, const char *text)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    return f && fputs(text, f) >= 0 && fclose(f) == 0;
}

static const char main_ini[] =
    "[scenario]\nname = files\ninclude = site.ini\ncatalog = extra.xml\nas_of = 2026-09-01\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu = h100-sxm5-80gb\n"
    "[option mine]\nacquire = buy\ncount = 4\ngpu = gpu-x\n"
    "[option cloud]\nacquire = rent\ncount = 8\noffer = cloud-x\n";
static const char site_ini[] =
    "[scenario]\nhorizon_months = 24\n[site]\nelectricity_price = 0.12\npue = 1.3\n";
static const char extra_xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog version=\"1\">\n"
    "<gpu id=\"gpu-x\"><name>X</name><vendor>Acme</vendor><fp16-tflops>100</fp16-tflops>"
    "<memory-gb>40</memory-gb><tdp-w>300</tdp-w>"
    "<price currency=\"USD\" low=\"900\" typical=\"1000\" high=\"1100\"/>"
    "<source>test</source><as-of>2026-08-15</as-of></gpu>\n"
    "<offer id=\"cloud-x\"><provider>Cloud</provider><gpu>gpu-x</gpu>"
    "<pricing>on-demand</pricing><price-per-gpu-hour currency=\"USD\">1.5"
    "</price-per-gpu-hour><source>test</source><as-of>2026-08-15</as-of></offer>\n"
    "</catalog>\n";

static tco_status catalog_job(const char *text, int stage, tco_diags *d, int *files)
{
    (void)stage;
    *files = 0;
    tco_catalog *cat = tco_catalog_new();
    if (!cat)
        return TCO_ERR_NOMEM;
    tco_status st = tco_catalog_load_string(cat, text, strlen(text), "alloc.xml", d);
    if (st == TCO_OK && (cat->n_gpus == 0 || !tco_catalog_gpu(cat, cat->gpus[0].id)))
        st = TCO_ERR_INPUT;
    tco_catalog_free(cat);
    return st;
}

/* The seed's workbook with a template (text): loading the template and writing
 * are armed, loading and computing the scenario are not. */
static const char *template_seed; /* the seed scenario's text */
static tco_status template_job(const char *text, int stage, tco_diags *d, int *files)
{
    (void)stage;
    char xlsx[4200];
    out_path(xlsx, sizeof xlsx, "out.xlsx");
    *files = 1;
    tco_template *tpl = NULL;
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    tco_status st = tco_template_load_string(text, strlen(text), "alloc-template.xml", &tpl, d);
    int was_armed = armed;
    disarm();
    if (st == TCO_OK)
        st = tco_scenario_load_string(template_seed, "alloc.ini", &s, d);
    if (st == TCO_OK)
        st = tco_compute(s, &r);
    armed = was_armed;
    if (st == TCO_OK) {
        tco_xlsx_options opts = {.created = 0, .tpl = tpl};
        st = tco_report_write_xlsx(r, xlsx, &opts, d);
    }
    tco_result_free(r);
    tco_scenario_free(s);
    tco_template_free(tpl);
    return st;
}

/* A saved report (tco compare OLD.json NEW.ini): loaded from its JSON and
 * compared with itself, both armed. */
static const char saved_json[] =
    "{\"format_version\": 1, \"scenario\": {\"name\": \"saved\", \"currency\": \"USD\", "
    "\"horizon_months\": 12},\n\"options\": [{\"id\": \"own\", \"label\": \"Owned\", "
    "\"acquire\": \"buy\", \"gpu\": null, \"total\": 1000, \"feasible\": true},\n"
    "{\"id\": \"cloud\", \"label\": \"Cloud\", \"acquire\": \"rent\", \"total\": 2000, "
    "\"irr_note\": \"rent\", \"monthly\": []}]}";
static tco_status saved_job(const char *text, int stage, tco_diags *d, int *files)
{
    (void)stage;
    *files = 0;
    tco_saved_report *r = NULL;
    tco_comparison *c = NULL;
    tco_status st = tco_saved_report_load_string(text, strlen(text), "alloc.json", &r, d);
    if (st == TCO_OK)
        st = tco_compare_saved(NULL, r, NULL, r, &c);
    if (st == TCO_OK && c->n_options != 2)
        st = TCO_ERR_INPUT;
    tco_comparison_free(c);
    tco_saved_report_free(r);
    return st;
}

typedef tco_status (*job_fn)(const char *text, int stage, tco_diags *d, int *files);

/* This process's part: the allocations part_k, part_k + part_n, ... */
static long part_k = 1, part_n = 1;

/* Run a job for N = 1, 2, ... until no failure is injected. `want` is the
 * status of the run without failures. */
static void fault_loop(const char *name, job_fn job, const char *text, int stage, tco_status want)
{
    long n, runs = 0;
    long by_status[TCO_ERR_ARG + 1] = {0};
#ifdef HAVE_LSAN
    long checked = 0; /* runs up to this one were checked by LeakSanitizer */
#endif
    char names[8192];
    for (n = part_k;; n += part_n) {
        runs++;
        clear_outputs();
        tco_diags *d = tco_diags_new(); /* outside the armed region */
        if (!d) {
            FAIL("%s: no memory for diagnostics", name);
            return;
        }
        int files = 0;
        arm(n);
        tco_status st = job(text, stage, d, &files);
        tco_diags_free(d);
        disarm();
        size_t leaked = n_live;
        if (injected && (unsigned)st <= TCO_ERR_ARG)
            by_status[st]++;
        int outputs = list_outputs(names, sizeof names);
        if (!injected) {
            if (st != want)
                FAIL("%s: without failures the run gives '%s', want '%s'", name, tco_status_str(st),
                     tco_status_str(want));
            if (st == TCO_OK && outputs != files)
                FAIL("%s: the complete run wrote %d files (%s), want %d", name, outputs, names,
                     files);
        } else {
            if (st == TCO_OK)
                FAIL("%s: allocation %ld failed, yet the run reports success", name, n);
            /* Out of memory is no fault of the output: never reported as one. */
            if (st == TCO_ERR_IO)
                FAIL("%s: allocation %ld failed, yet the run reports an i/o error", name, n);
        }
        /* A failed run may keep the outputs it completed before the failure; a
         * temporary file (".NAME.XXXXXX") must never remain. */
        if (outputs > 0 && (names[0] == '.' || strstr(names, ", .")))
            FAIL("%s: allocation %ld: temporary file left: %s", name, n, names);
        if (leaked)
            FAIL("%s: allocation %ld: %zu blocks leaked", name, n, leaked);
#ifdef HAVE_LSAN
        /* A leak stays until the process ends, so checking every 64th run (a
         * full scan of the heap, quarantine included, takes a while) still
         * finds every one; the message names the runs since the last check. */
        if (runs % 64 == 0 || !injected) {
            if (__lsan_do_recoverable_leak_check())
                FAIL("%s: a run from allocation %ld to %ld: LeakSanitizer found a leak", name,
                     checked + 1, n);
            checked = n;
        }
#endif
        if (!injected || failures > 20)
            break;
    }
    printf("%s: %ld allocations, each failed in turn (part %ld of %ld): %ld out of memory, "
           "%ld input, %ld i/o, %ld other\n",
           name, runs - 1, part_k, part_n, by_status[TCO_ERR_NOMEM], by_status[TCO_ERR_INPUT],
           by_status[TCO_ERR_IO], by_status[TCO_ERR_LIMIT] + by_status[TCO_ERR_ARG]);
}

/* fault_loop in a child process; a child that fails, or ends by a signal,
 * counts as one failure here. */
static void fault_job(const char *name, job_fn job, const char *text, int stage, tco_status want)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        FAIL("%s: fork: %s", name, strerror(errno));
        return;
    }
    if (pid == 0) {
        fault_loop(name, job, text, stage, want);
        exit(failures ? 1 : 0);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            FAIL("%s: waitpid: %s", name, strerror(errno));
            return;
        }
    }
    if (WIFSIGNALED(status))
        FAIL("%s: the job's process ended by signal %d", name, WTERMSIG(status));
    else if (WEXITSTATUS(status) != 0)
        failures++;
}

/* A scenario with every analysis, kept small: two cases, explicit ranges and
 * a few Monte Carlo samples. */
static const char analyses_ini[] =
    "[scenario]\nname = allocation failures\nbaseline = cloud\nas_of = 2026-01-01\n"
    "[site]\nelectricity_price = 0.1\npue = 1.3\n"
    "[workload]\nutilization = 0.7\nmodel_params = 7e9\ntokens = 1e11\n"
    "[option own]\nlabel = =owned, +\"quoted\"\nacquire = buy\ncount = 8\ngpu_price = 30000\n"
    "tdp_w = 700\nmemory_gb = 80\nfp16_tflops = 989\nresale_decline = 0.3\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2.5\nmemory_gb = 80\n"
    "fp16_tflops = 989\nprice_decline = 0.1\n"
    "[case cheap-power]\nelectricity_price = 0.05\nown.gpu_price = 25000\n"
    "[case dear-cloud]\ncloud.price_per_gpu_hour = 3.5\n"
    "[sensitivity]\nswing = 0.3\nown.gpu_price = 20000, 40000\nsite.pue = 1.1, 1.6\n"
    "[uncertainty]\nsamples = 50\nseed = 7\nelectricity_price = triangular(0.05, 0.1, 0.2)\n"
    "own.utilization = uniform(0.5, 0.9)\ncloud.price_per_gpu_hour = normal(2.5, 0.3)\n";

/* Capacity plans over a demand that grows and varies by month (MODEL.md,
 * Demand and Plans): an owned, a reserved and an overflow part. */
#define PLANS_TEXT                                                                                 \
    "[scenario]\nname = plans\nhorizon_months = 14\nhours_per_month = 100\n"                       \
    "[site]\nelectricity_price = 0.1\n"                                                            \
    "[option gb]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1000\nthroughput = 10\n"     \
    "[option rv]\nacquire = rent\npricing = reserved\ncount = 1\nprice_per_gpu_hour = 2\n"         \
    "[option od]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 3\nthroughput = 20\n"            \
    "[demand]\nreference = gb\ngpu_hours_per_month = 200\ngrowth = 0.6\n"                          \
    "seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1\n"                               \
    "[plan own-only]\nown = gb\nown_count = 2\n"                                                   \
    "[plan mix]\nown = gb\nown_count = 1\nreserve = rv\nreserve_count = 1\noverflow = od\n"
/* The plans, and Monte Carlo recomputing them in every sample (MODEL.md,
 * Monte Carlo). */
static const char plans_ini[] =
    PLANS_TEXT "[uncertainty]\nsamples = 20\nseed = 5\nod.price_per_gpu_hour = uniform(2, 4)\n";

/* The cheapest plan (MODEL.md, The cheapest plan): the plans above, searched. */
static const char optimize_ini[] =
    PLANS_TEXT "[optimize]\nplan = mix\nown_max = 4\nown_step = 1\nreserve_max = 2\n";

/* An invalid scenario whose errors build hints (did you mean ...). */
static const char invalid_ini[] =
    "[scenario]\nname = invalid\nbaseline = clod\n"
    "[site]\nelectricity_price = 30,000\n"
    "[stie]\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu_prize = 1\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2\n"
    "[sensitivity]\nowm.gpu_price = 1, 2\n";

int main(int argc, char **argv)
{
    if (argc >= 4 && strcmp(argv[argc - 2], "--part") == 0) {
        char *end;
        part_k = strtol(argv[argc - 1], &end, 10);
        part_n = *end == '/' ? strtol(end + 1, &end, 10) : 0;
        if (*end || part_k < 1 || part_n < part_k) {
            fprintf(stderr, "test_allocfail: --part %s: want K/N with 1 <= K <= N\n",
                    argv[argc - 1]);
            return 2;
        }
        argc -= 2;
    }
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: test_allocfail SOURCE_DIR [JOB] [--part K/N]\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0); /* progress shows even if the run is killed */
    source_dir = argv[1];
    const char *only = argc > 2 ? argv[2] : NULL;
    live = __real_calloc(SET_SIZE, sizeof *live);
    const char *tmp = getenv("TMPDIR");
    snprintf(outdir, sizeof outdir, "%s/tco-allocfail.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!live || !mkdtemp(outdir)) {
        perror("test_allocfail");
        return 2;
    }
    snprintf(indir, sizeof indir, "%s/tco-allocfail-in.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    static char shipped_path[4200], main_path[4200];
    snprintf(shipped_path, sizeof shipped_path, "%s/pricing/gpus.xml", source_dir);
    shipped[0] = shipped_path;
    if (!mkdtemp(indir) || !write_text(indir, "main.ini", main_ini) ||
        !write_text(indir, "site.ini", site_ini) || !write_text(indir, "extra.xml", extra_xml)) {
        perror("test_allocfail");
        return 2;
    }
    snprintf(main_path, sizeof main_path, "%s/main.ini", indir);
    char *seed = read_file("config/seed-2026.ini");
    char *catalog = read_file("pricing/gpus.xml");
    char *zh = read_file("templates/zh-CN.xml");
    template_seed = seed;
    if (!seed || !catalog || !zh) {
        fprintf(stderr,
                "test_allocfail: cannot read config/seed-2026.ini, pricing/gpus.xml or "
                "templates/zh-CN.xml under %s\n",
                source_dir);
        return 2;
    }
    static const struct {
        const char *name;
        job_fn job;
        const char *text; /* NULL: the seed scenario */
        int stage;
        tco_status want;
        int catalog; /* 1: the text is the catalog; 2: it is the path of main.ini;
                        3: it is the zh-CN template */
    } jobs[] = {
        {"seed-2026", scenario_job, NULL, STAGE_ALL, TCO_OK, 0},
        {"analyses", scenario_job, analyses_ini, STAGE_ALL, TCO_OK, 0},
        {"invalid", scenario_job, invalid_ini, STAGE_ALL, TCO_ERR_INPUT, 0},
        {"plans", scenario_job, plans_ini, STAGE_ALL, TCO_OK, 0},
        {"optimize", scenario_job, optimize_ini, STAGE_ALL, TCO_OK, 0},
        {"seed-2026-xlsx", scenario_job, NULL, STAGE_XLSX, TCO_OK, 0},
        {"analyses-xlsx", scenario_job, analyses_ini, STAGE_XLSX, TCO_OK, 0},
        {"catalog", catalog_job, NULL, STAGE_ALL, TCO_OK, 1},
        {"files", file_job, NULL, STAGE_ALL, TCO_OK, 2},
        {"template", template_job, NULL, STAGE_ALL, TCO_OK, 3},
        {"saved-report", saved_job, saved_json, STAGE_ALL, TCO_OK, 0},
    };
    for (size_t i = 0; i < sizeof jobs / sizeof jobs[0]; i++) {
        if (only && strcmp(only, jobs[i].name) != 0)
            continue;
        const char *text = jobs[i].catalog == 1   ? catalog
                           : jobs[i].catalog == 2 ? main_path
                           : jobs[i].catalog == 3 ? zh
                           : jobs[i].text         ? jobs[i].text
                                                  : seed;
        fault_job(jobs[i].name, jobs[i].job, text, jobs[i].stage, jobs[i].want);
    }
    static const struct {
        const char *name;
        double margin;
    } mc[] = {{"analyses-windows", 8}, {"analyses-redraw", 0}};
    long pilot = tci_mc_pilot;
    double margin = tci_mc_margin;
    for (size_t i = 0; i < sizeof mc / sizeof mc[0]; i++) {
        if (only && strcmp(only, mc[i].name) != 0)
            continue;
        tci_mc_pilot = 8, tci_mc_margin = mc[i].margin;
        fault_job(mc[i].name, scenario_job, analyses_ini, STAGE_ALL, TCO_OK);
    }
    tci_mc_pilot = pilot, tci_mc_margin = margin;
    clear_outputs();
    rmdir(outdir);
    static const char *const inputs[] = {"main.ini", "site.ini", "extra.xml"};
    for (size_t i = 0; i < 3; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", indir, inputs[i]);
        unlink(path);
    }
    rmdir(indir);
    __real_free(seed);
    __real_free(catalog);
    __real_free(zh);
    __real_free(live);
    printf("%s\n", failures ? "FAILED" : "all runs ended cleanly");
    return failures ? 1 : 0;
}
