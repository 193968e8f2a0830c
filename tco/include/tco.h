/*
 * tco.h - total cost of ownership of GPU compute: the public API.
 *
 * libtco reads a scenario (an INI file describing GPU options to buy or rent),
 * computes every figure that docs/MODEL.md defines, and writes the results as
 * JSON or as a live Excel workbook.
 *
 * Ownership: objects returned by *_new / *_load* / tco_compute belong to the
 * caller and are released with the matching *_free, which accepts NULL.
 * Strings inside returned structs belong to their struct. Structs declared
 * here are read-only for callers unless a comment says otherwise.
 *
 * The computation core does no I/O and reads no clock, locale or environment;
 * the loaders (INI) and the writers (JSON, xlsx) are the only edges.
 *
 * @code
 *   tco_diags *d = tco_diags_new();
 *   tco_scenario *s = NULL;
 *   tco_result *r = NULL;
 *   if (tco_scenario_load_file("seed.ini", &s, d) == TCO_OK &&
 *       tco_compute(s, &r) == TCO_OK)
 *       printf("%s: %.2f\n", s->options[0].id, r->options[0].total);
 *   tco_result_free(r);
 *   tco_scenario_free(s);
 *   tco_diags_free(d);
 * @endcode
 */
#ifndef TCO_H
#define TCO_H

#include <stddef.h>
#include <stdio.h>

#include "tco_keys.h"
#include "tco_lines.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TCO_VERSION "0.1.0"

/* ===== Limits ===== */

#define TCO_MAX_HORIZON      120                /* months */
#define TCO_MAX_OPTIONS      1000               /* options in one scenario */
#define TCO_MAX_LINE         4096               /* bytes in one INI line */
#define TCO_MAX_FILE         (16 * 1024 * 1024) /* bytes in one input file */
#define TCO_MAX_ID           40                 /* bytes in an option id */
#define TCO_MAX_ERRORS       50                 /* errors kept per load */
#define TCO_MAX_CASES        64                 /* [case NAME] sections */
#define TCO_MAX_SITES        64                 /* [site NAME] sections */
#define TCO_MAX_PLANS        64                 /* [plan NAME] sections */
#define TCO_MAX_SECTION_KEYS 1000      /* keys in one case, sensitivity or uncertainty section */
#define TCO_MAX_SAMPLES      1000000   /* Monte Carlo samples */
#define TCO_MAX_MC_VALUES    20000000L /* Monte Carlo samples x (options + plans) */

/* ===== Status codes ===== */

typedef enum tco_status {
    TCO_OK = 0,       /* success */
    TCO_ERR_NOMEM,    /* an allocation failed */
    TCO_ERR_INPUT,    /* the input is invalid; diagnostics say where */
    TCO_ERR_IO,       /* a file could not be read or written */
    TCO_ERR_LIMIT,    /* an input exceeds a documented limit */
    TCO_ERR_ARG,      /* the caller passed an invalid argument */
    TCO_ERR_CANCELLED /* the caller's tco_run asked the computation to stop */
} tco_status;

/* A static English description of a status; unknown values are clamped. */
const char *tco_status_str(tco_status status);

/* ===== Diagnostics ===== */

typedef enum tco_severity { TCO_SEV_ERROR = 0, TCO_SEV_WARNING, TCO_SEV_NOTE } tco_severity;

/* One message about an input: where it is and what is wrong. */
typedef struct tco_diag {
    tco_severity severity;
    char *file;    /* file name as given, or "<string>" */
    int line;      /* 1-based line, or 0 when the message has no line */
    char *section; /* section the message is about when line is 0, or NULL */
    char *message; /* one line, no trailing newline */
} tco_diag;
/* file, section and message are kept as tco_text_escape shows them, so that
 * a diagnostic is always one line and safe to print on a terminal. */

/* A list of diagnostics gathered while loading or writing. */
typedef struct tco_diags tco_diags;

tco_diags *tco_diags_new(void);
void tco_diags_free(tco_diags *diags);
size_t tco_diags_count(const tco_diags *diags);
size_t tco_diags_errors(const tco_diags *diags);
const tco_diag *tco_diags_get(const tco_diags *diags, size_t i);

/* Add a message (printf-style). Errors past TCO_MAX_ERRORS are counted but not
 * kept; one final note says how many were dropped. Returns TCO_ERR_NOMEM if the
 * message could not be stored. */
tco_status tco_diags_add(tco_diags *diags, tco_severity sev, const char *file, int line,
                         const char *section, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Render as "FILE:LINE: error: MESSAGE", or "FILE: [SECTION]: error: MESSAGE"
 * when there is no line. Returns the length snprintf would have written. */
int tco_diag_format(const tco_diag *diag, char *buf, size_t size);

/* ===== Text for a terminal ===== */

/* Text from an input file or a path is shown on a terminal (the tool's tables,
 * diagnostics) through these, so that it cannot move the cursor, retitle the
 * window or split a line: each control character is written as an escape,
 * C0 (TAB, CR and LF included) and DEL as \xHH ("\x1B"), a C1 control
 * (U+0080 to U+009F) as \u00HH ("\u009B"), and a byte that is not part of
 * valid UTF-8 as \xHH; every other character, CJK included, as it is. */

/* A malloc'd copy of s (NULL: "") with those escapes; NULL when out of
 * memory. */
char *tco_text_escape(const char *s);

/* The display columns of s with those escapes: a wide (CJK) character counts
 * 2, every other character or escaped byte 1 per column it shows. NULL is 0. */
int tco_text_width(const char *s);

/* Write s (NULL: "") to out with those escapes. When max > 0, at most max
 * columns: the text stops before the first character or escape that would
 * pass them. Then, when width > 0, spaces up to `width` columns (left-aligned);
 * when width < 0, spaces first, up to -width columns (right-aligned). Returns
 * the columns of text written, padding not counted. */
int tco_fput_text(FILE *out, const char *s, int width, int max);

/* "Did you mean": the candidate of cands[0..n) closest to `word` by the
 * library's one rule (the loader's suggestions of keys and ids): an edit
 * distance, ASCII case aside, of at most 1 for a word of up to 3 characters,
 * 2 up to 6 and 3 beyond; the first of equally close ones. NULL when none is
 * that close, or word is NULL. The tool suggests its commands and options
 * with it. */
const char *tco_suggest(const char *word, const char *const *cands, size_t n);

/* ===== Numbers as text ===== */

/* Room for any double in tco_group_thousands with up to 6 decimals: 309
 * digits, 102 separators, a sign, a point, the decimals and the NUL. */
#define TCO_NUMTEXT_MAX 424

/* x rounded to `decimals` decimals (0 to 6), with a comma between groups of
 * three digits ("-1,234,567.89"), into buf; when the text does not fit in
 * size bytes, buf is filled with '#', as a spreadsheet shows a number too wide
 * for its cell (TCO_NUMTEXT_MAX bytes always fit). A value that rounds to zero has no minus sign;
 * NAN and the infinities are "n/a". Returns buf. The one thousands-separator formatter of the
 * library and the tool (the table, Markdown, the workbook's notes). */
const char *tco_group_thousands(char *buf, size_t size, double x, int decimals);

/* How many decimals show x with `sig` significant digits (1 to 15): sig - 1 -
 * floor(log10 |x|), at least 0 (1,234.5 with 4 digits: 0 decimals, "1,235"),
 * at most 15; 0 for 0, NAN and the infinities. */
int tco_sig_decimals(double x, int sig);

/* x with `sig` significant digits (1 to 15; tco_sig_decimals) and thousands
 * separators, into buf: 63.77, 0.4000, 1,235 with four; "0" for 0, "n/a" for
 * NAN and the infinities. When that takes more than 15 decimals, the digits
 * are written with an exponent ("2.500e-18"). As tco_group_thousands, a text that
 * does not fit is '#'s (TCO_NUMTEXT_MAX bytes always fit). Returns buf. The one
 * formatter of small unit costs for people (docs/MODEL.md, "Unit costs for
 * people"). */
const char *tco_format_sig(char *buf, size_t size, double x, int sig);

/* The English plural ending of the unit of work after a scale of more than one
 * unit ("per 1M tokens"): "s" for a word of ASCII letters that ends in one that
 * takes it; "" otherwise ("per 1M 样本", "per 1k batch", and for per <= 1). */
const char *tco_unit_plural(const char *unit, double per);

/* The decimal integer at s as strtol reads it (any white space, a sign, the
 * digits) when it is an int: 1, with *v the number and *end just after its
 * digits; 0 when no digit comes first or the number is beyond an int, v and
 * end untouched. errno is kept. The one reading of an integer in text of the
 * library (the Inputs' keys, the month of [scenario] start) and the tool (its
 * workbook writer's lines); defined in util/numtext.c. */
int tco_parse_int(const char *s, int *v, const char **end);

/* ===== Input files ===== */

/* Which file an input was read from: its device and inode (stat(2)), so that
 * two paths to one file (another spelling, a hard link, a symbolic link)
 * compare equal. Both 0 for an input given as a string. */
typedef struct tco_file_id {
    unsigned long long dev, ino;
} tco_file_id;

struct tco_gpu_model;
struct tco_offer;
struct tco_grid_region;
struct tco_catalog;

/* ===== Scenarios ===== */

/* An input that analyses vary: a global key or one option's key. */
typedef struct tco_param {
    int option; /* option index, or -1 for a [scenario], [site] or [workload] key */
    int key;    /* tco_okey when option >= 0, else tco_skey */
    int site;   /* with option -1: 0 for the key of [scenario], [site] or
                   [workload]; i + 1 for site key `key` of named site i
                   (`site.NAME.KEY`) */
} tco_param;

/* tco_param.option of an exchange rate of [fx] (`fx.USD`): key is then its index
 * in tco_scenario.fx (MODEL.md, Currency conversion). */
#define TCO_PARAM_FX (-2)

/* tco_param.option of a negotiated discount's fraction (`discount.NAME`): key is
 * then its index in tco_scenario.discounts (MODEL.md, Negotiated discounts). */
#define TCO_PARAM_DISCOUNT (-3)

/* One rate of [fx]: units of `code` per one unit of the scenario's currency;
 * a catalog price P in `code` is P / rate in the scenario (MODEL.md, Currency
 * conversion). */
typedef struct tco_fx {
    char code[4];     /* ISO 4217 */
    double rate;      /* > 0 */
    char *source;     /* `CODE.source`, or NULL */
    char *as_of;      /* `CODE.as_of`, YYYY-MM-DD, or NULL */
    int age_months;   /* whole months from as_of to the scenario's date, or -1 */
    int stale;        /* that age exceeds stale_after_months */
    int line;         /* line of `CODE = RATE` */
    const char *file; /* its file (one of the scenario's files) */
} tco_fx;

/* A negotiated discount, `[discount NAME]` (MODEL.md, Negotiated discounts): the
 * catalog's hourly price of each offer it matches times (1 - fraction), before
 * [fx]; a negative fraction is a markup. */
typedef struct tco_discount {
    char *name;        /* the section's name */
    char *provider;    /* `provider =`: the offers' provider, exactly (required) */
    char *pricing;     /* `pricing =`: on-demand, spot or reserved, or NULL: any */
    char *offer;       /* `offer =`: one offer's id, or NULL: any of the provider's */
    double fraction;   /* `fraction =`: -1 < fraction < 1 */
    int line;          /* line of the [discount NAME] header */
    int fraction_line; /* line of `fraction =` */
    const char *file;  /* its file (one of the scenario's files) */
    char *driver;      /* "discount.NAME": its name as an input of the analyses */
} tco_discount;

/* An explicit range from [sensitivity]: `KEY = LOW, HIGH`. */
typedef struct tco_range {
    char *name; /* as written: "electricity_price", "h100-buy.gpu_price" */
    tco_param param;
    double low, high;
    int line;
} tco_range;

typedef enum tco_dist { TCO_DIST_TRIANGULAR, TCO_DIST_UNIFORM, TCO_DIST_NORMAL } tco_dist;

/* A distribution from [uncertainty]: `KEY = triangular(low, mode, high)`,
 * `uniform(low, high)` or `normal(mean, sd)` (truncated to the key's range). */
typedef struct tco_uncertain {
    char *name;
    tco_param param;
    tco_dist dist;
    double a, b, c; /* low, mode, high | low, high | mean, sd */
    int line;
} tco_uncertain;

struct tco_scenario;

/* A [case NAME] section: the whole scenario with the case's keys overriding. */
typedef struct tco_case {
    char *name;
    int line; /* line of the [case NAME] header */
    size_t n_overrides;
    char **keys;                   /* overridden keys as written */
    char **values;                 /* their values as written */
    struct tco_scenario *scenario; /* base scenario with the overrides applied */
} tco_case;

/* One thing to compare: GPUs bought (with servers) or rented. */
typedef struct tco_option {
    char *id;    /* section id: letters, digits, '-' and '_' */
    char *label; /* display name; defaults to the id */
    tco_acquire acquire;
    char *gpu;                 /* GPU name or catalog id, or NULL */
    char *offer;               /* cloud offer id, or NULL */
    char *base;                /* id of the option whose keys this one inherits, or NULL */
    char *site;                /* `site =`: the name of its [site NAME], or NULL */
    int site_no;               /* 0: at [site]; i + 1: at the scenario's sites[i]
                                  (set from `site` when the scenario is checked) */
    int count;                 /* GPUs */
    int count_auto;            /* 1: `count = auto`, count was sized to the [workload]
                                  (MODEL.md, Feasibility) when the scenario was read */
    double utilization;        /* own value; see tco_option_utilization() */
    double tdp_w;              /* board power at full load, W */
    double fp16_tflops;        /* dense FP16/BF16 peak; 0 when unknown */
    double memory_gb;          /* memory per GPU; 0 when unknown */
    double throughput;         /* units of work per second per GPU; 0 unknown */
    double scaling_efficiency; /* multi-GPU efficiency, default 1 */
    double gpu_price;          /* per GPU */
    int gpus_per_server;
    double server_price;        /* per server, without GPUs */
    double network_price;       /* per server */
    double install_price;       /* once, for the whole option */
    double server_power_w;      /* per server, without GPUs */
    double idle_power_fraction; /* of TDP at utilization 0 */
    double load_power_fraction; /* of TDP at utilization 1 */
    double maintenance_rate;    /* per year, of capex */
    double staff_per_month;
    tco_depreciation depreciation;
    int depreciation_years;   /* life L; 6 or 8 for MACRS */
    double salvage_fraction;  /* of capex, book view */
    double resale_fraction;   /* of hardware capex, received at month H */
    double resale_decline;    /* per year; derives resale_fraction */
    tco_financing financing;  /* cash or loan */
    double loan_fraction;     /* of capex, lent; the rest paid at month 0 */
    double loan_rate;         /* annual, nominal: loan_rate / 12 a month */
    int loan_months;          /* level payments, the first at month 1 */
    double lease_payment;     /* per month, paid in advance (financing = lease) */
    double lease_rate_factor; /* or that as a fraction of capex, when given */
    int lease_months;
    tco_lease_end lease_end;
    double buyout_fraction; /* of capex, paid at the lease's end with buyout */
    tco_pricing pricing;
    double price_per_gpu_hour;
    double price_decline; /* per year, on-demand only */
    double upfront;       /* paid at month 0, and again at each renewal */
    double storage_per_month;
    int term_months;                        /* reserved: the contract term; 0 when not
                                               given (the term is then the horizon) */
    tco_after_term after_term;              /* reserved: what the months past the term pay */
    double on_demand_price_per_gpu_hour;    /* after the term, with after_term = on-demand */
    double egress_tb_per_month;             /* TB sent out each month 1..H (MODEL.md, Egress) */
    double egress_per_tb;                   /* the price of one TB sent out */
    double interruption_overhead;           /* spot: fraction of paid hours lost, 0..<1 */
    double availability;                    /* plans only (MODEL.md, Goodput): 0.01..1 */
    double failure_rate, repair_days;       /* or A = 1 - failure_rate * repair_days / 365 */
    char *compare_to;                       /* a lease's bought twin (MODEL.md, Lease against
                                               buy), or NULL: found automatically */
    double price_per_million_input_tokens;  /* API options (MODEL.md, API options) */
    double price_per_million_output_tokens; /* ... */
    double price_per_million_cached_tokens; /* ... an input token from the cache; the
                                               input price when not given */
    double cached_fraction;                 /* ... of input tokens from the cache, 0..1 */
    double max_tokens_per_minute;           /* ... the rate limit; 0 for none */
    int line;                               /* line of the [option ID] header */
    const struct tco_gpu_model *model;      /* catalog GPU named by `gpu`, or NULL */
    const struct tco_offer *offer_entry;    /* catalog offer named by `offer`, or NULL */
    int fx;                                 /* 0: no catalog price converted; k >= 1: the
                                               catalog price (gpu_price of a buy option,
                                               price_per_gpu_hour of a rent option) was
                                               converted by the scenario's fx[k - 1] */
    double fx_price;                        /* that price in the catalog's currency (before a
                                               discount), also when only a discount applies */
    int price_age_months;                   /* age of the catalog price used, or -1 */
    int price_stale;                        /* that age exceeds stale_after_months */
    unsigned char src[TCO_O_COUNT];         /* tco_source of each key */
    int key_line[TCO_O_COUNT];              /* line of each key given, else 0 */
    const char *key_file[TCO_O_COUNT];      /* file of that line (one of the scenario's
                                               files), or NULL when not given */
    /* A lease's standard in the statements (MODEL.md, Statements by fiscal year). */
    tco_lease_accounting lease_accounting;
    /* The lessee's incremental borrowing rate, annual, nominal; 0 when not given:
     * the statements' rate when the rate implicit in the lease cannot be
     * determined, and the pre-tax cost of debt of lease against buy (else the
     * twin's loan_rate). */
    double lease_discount_rate;
    unsigned short key_fx[TCO_O_COUNT]; /* 0, or k >= 1: the key's value was written in
                                           the currency of a site's section (MODEL.md,
                                           Sites) and converted by the scenario's
                                           fx[k - 1] */
    double key_written[TCO_O_COUNT];    /* that value as written, in that currency */
    /* The cheapest offer and negotiated prices (MODEL.md, The cheapest offer, Negotiated
     * discounts). */
    char *offer_gpu;      /* with offer = cheapest: the GPU of the offers compared */
    char *offer_pricing;  /* on-demand, spot or reserved, or NULL: any */
    char *offer_provider; /* a provider, or NULL: any */
    char *offer_region;   /* a region, or NULL: any */
    int offer_min_gpus;   /* offers of instances of at least this many GPUs; 0: any */
    int offer_candidates; /* with offer = cheapest: the offers that matched (>= 1) and
                             offer_entry the one picked; else 0 */
    int discount;         /* 0, or k >= 1: the scenario's discounts[k - 1] applied to the
                             catalog's price_per_gpu_hour (fx_price the price before it) */
    /* Carbon (MODEL.md, Carbon). */
    double kgco2e_per_gpu_hour;    /* rent: a GPU-hour's emissions (scope 3, category 1) */
    double embodied_kgco2e;        /* buy: a GPU's embodied emissions (scope 3, category 2) */
    double server_embodied_kgco2e; /* buy: a server's, beside its GPUs */

    /* An API option's (MODEL.md, Carbon). */
    double kgco2e_per_million_tokens; /* api: 1M tokens' emissions (scope 3, category 1) */
    /* The catalog grid region kgco2e_per_gpu_hour was worked out from (MODEL.md,
     * Carbon: a rented GPU from its provider region's intensity), or NULL. */
    const struct tco_grid_region *grid_region;
} tco_option;

/* The site keys, in table order: TCO_S_ELECTRICITY_PRICE .. TCO_S_COLO_PER_KW_MONTH. */
#define TCO_SITE_KEY_FIRST TCO_S_ELECTRICITY_PRICE
#define TCO_SITE_KEYS      4

/* A [site NAME] section (MODEL.md, Sites): its own values of the site keys;
 * a key it does not give (src 0) follows the scenario's [site]. */
typedef struct tco_site {
    char *name;                           /* letters, digits, '-' and '_' */
    int line;                             /* line of the [site NAME] header */
    const char *file;                     /* its file (one of the scenario's) */
    double value[TCO_SITE_KEYS];          /* by key - TCO_SITE_KEY_FIRST */
    unsigned char src[TCO_SITE_KEYS];     /* tco_source of each */
    int key_line[TCO_SITE_KEYS];          /* line of each key given, else 0 */
    const char *key_file[TCO_SITE_KEYS];  /* file of that line, or NULL */
    char currency[4];                     /* `currency =`: its values' ISO 4217 code, or
                                             "" for the scenario's currency */
    int currency_line;                    /* line of `currency =`, else 0 */
    int fx;                               /* 0, or k >= 1: the scenario's fx[k - 1]
                                             converts its currency */
    unsigned short key_fx[TCO_SITE_KEYS]; /* fx, for each key given in its section (a
                                             case's value is in the scenario's) */
    double key_written[TCO_SITE_KEYS];    /* each such value as written */
    double power_cap_kw;                  /* `power_cap_kw =` (MODEL.md, The site's power
                                             limit): the most provisioned kW, 0 for none;
                                             never [site]'s */
    int power_cap_line;                   /* its line, else 0 */
    const char *power_cap_file;           /* its file, or NULL */
    double carbon[2];                     /* grid_kgco2e_per_kwh, market_kgco2e_per_kwh
                                             (MODEL.md, Carbon): the site's own; a site
                                             that gives neither takes both of [site] */
    int carbon_line[2];                   /* the line of each, else 0 (not given) */
    const char *carbon_file[2];           /* its file, or NULL */
} tco_site;

/* A whole scenario: global inputs and the options, in input order. */
typedef struct tco_scenario {
    char *file; /* path it was loaded from, or the string name */
    char *name;
    char *currency;                /* ISO 4217 code, default "USD" */
    int horizon_months;            /* H */
    double discount_rate;          /* annual */
    double hours_per_month;        /* T */
    char *baseline;                /* id of the rent baseline, or NULL */
    char *as_of;                   /* YYYY-MM-DD, or NULL */
    char *author;                  /* document author, or NULL */
    char *company;                 /* document company, or NULL */
    char *catalog_path;            /* `catalog =` as written, or NULL */
    char *template_path;           /* template path as written, or NULL */
    char *include;                 /* `include =` as written, or NULL */
    double electricity_price;      /* per kWh */
    double electricity_escalation; /* per year */
    double pue;
    double colo_per_kw_month;
    double power_cap_kw;        /* [site] power_cap_kw: 0 for no limit */
    double utilization;         /* [workload] default for options */
    char *unit;                 /* unit of work, default "unit" */
    double model_params;        /* parameters of the model; 0 = no sizing */
    tco_mode mode;              /* training or inference */
    double bytes_per_param;     /* see tco_bytes_per_param() */
    double activation_overhead; /* extra memory, as a fraction of the weights' */
    double tokens;              /* training tokens */
    double mfu;                 /* model FLOPs utilization */
    double requests_per_s;      /* inference load to serve */
    double tokens_per_request;
    double input_tokens_per_request;  /* its prompt part (MODEL.md, API options); 0 when
                                         neither part is given */
    double output_tokens_per_request; /* its generated part */
    size_t n_options;
    tco_option *options;
    size_t n_sites; /* [site NAME] sections, in input order */
    tco_site *sites;
    double swing;    /* [sensitivity] relative swing, default 0.2 */
    size_t n_ranges; /* [sensitivity] explicit ranges */
    tco_range *ranges;
    size_t n_cases; /* [case NAME] sections */
    tco_case *cases;
    size_t n_uncertain; /* [uncertainty] distributions */
    tco_uncertain *uncertain;
    int stale_after_months;      /* catalog prices older than this are flagged */
    struct tco_catalog *catalog; /* merged catalogs, or NULL when none was read */
    int catalog_borrowed;        /* catalog belongs to another scenario (cases) */
    long mc_samples;             /* [uncertainty] samples, default 10000 */
    unsigned long mc_seed;       /* [uncertainty] seed, default 1 */
    char *start;                 /* YYYY-MM: the calendar month of month 1, or NULL */
    int fiscal_year_start;       /* 1..12: the calendar month a fiscal year begins */
    tco_rank_by rank_by;         /* what orders `rank` (default the total) */
    int tax;                     /* 1: [tax] rate is given; the after-tax figures
                                    apply (MODEL.md, Taxes) */
    double tax_rate;             /* [tax] rate */
    int tax_depreciation;        /* [tax] depreciation: a tco_depreciation, or -1
                                    for each option's own */
    int deduct_interest;         /* [tax] deduct_interest: 1 yes (default), 0 no */
    size_t n_fx;                 /* [fx] rates, in file order */
    tco_fx *fx;
    size_t n_discounts; /* [discount NAME] sections, in file order */
    tco_discount *discounts;
    struct tco_demand *demand; /* [demand], or NULL (tco_plan.h) */
    size_t n_plans;            /* [plan NAME] sections, in file order */
    struct tco_plan *plans;
    struct tco_optimize *optimize;     /* [optimize], or NULL (tco_plan.h) */
    unsigned char src[TCO_S_COUNT];    /* tco_source of each key */
    int key_line[TCO_S_COUNT];         /* line of each key given, else 0 */
    const char *key_file[TCO_S_COUNT]; /* file of that line, or NULL */
    size_t n_files;                    /* the scenario file, then every included file */
    char **files;
    tco_file_id *file_ids; /* the identity of each of files */
    /* Tax depreciation by tax year (MODEL.md, Tax depreciation by tax year). */
    double tax_expense_limit;    /* [tax] expense_limit: section 179's limit (0: none) */
    double tax_expense_phaseout; /* [tax] expense_phaseout: the basis above which the
                                    limit falls dollar for dollar */
    double tax_bonus_fraction;   /* [tax] bonus_fraction 0..1, after section 179 */
    /* Carbon (MODEL.md, Carbon): [site]'s intensities (given when src is not
     * TCO_SRC_DEFAULT) and the price of a tonne. */
    double grid_kgco2e_per_kwh;   /* scope 2, location-based, kgCO2e per kWh */
    double market_kgco2e_per_kwh; /* scope 2, market-based, kgCO2e per kWh */
    double carbon_price;          /* per tCO2e; 0: not priced */
    int carbon_in_total;          /* 1: the carbon cost is an operating cost of every
                                     option (MODEL.md, The carbon cost in the total) */
} tco_scenario;

/* Load and validate a scenario. On success *out is set and TCO_OK returned;
 * otherwise *out is NULL and every problem found is in diags (which may be
 * NULL to discard them). Warnings may be added even on success. */
tco_status tco_scenario_load_file(const char *path, tco_scenario **out, tco_diags *diags);

/* The same from a NUL-terminated string; `name` is used in diagnostics. */
tco_status tco_scenario_load_string(const char *text, const char *name, tco_scenario **out,
                                    tco_diags *diags);

/* Where catalogs come from, and the date stale prices are judged against. */
typedef struct tco_load_options {
    const char *const *catalogs_before; /* NULL-terminated paths read before the
                                           scenario's own `catalog =` (the shipped
                                           catalog), or NULL */
    const char *const *catalogs_after;  /* read after them (--catalog), or NULL */
    const char *today;                  /* YYYY-MM-DD for price ages when the
                                           scenario has no as_of, or NULL */
} tco_load_options;

/* Load with catalogs. Without any catalog, `gpu` is a free label and `offer`
 * is an error; with one, both must name catalog entries, which fill the keys
 * the option does not give. Relative paths in `catalog =` are relative to the
 * scenario file's directory. */
tco_status tco_scenario_load_file_opt(const char *path, const tco_load_options *opts,
                                      tco_scenario **out, tco_diags *diags);
tco_status tco_scenario_load_string_opt(const char *text, const char *name,
                                        const tco_load_options *opts, tco_scenario **out,
                                        tco_diags *diags);

/* Whole months from date `from` to date `to` (YYYY-MM-DD), or -1 if either is
 * missing or invalid. */
int tco_months_between(const char *from, const char *to);

void tco_scenario_free(tco_scenario *scenario);

/* The option's utilization in effect: its own key, else [workload], else 1. */
double tco_option_utilization(const tco_scenario *s, const tco_option *o);

/* ===== Site presets (pricing/sites.ini; docs/CATALOG.md, Site presets) ===== */

/* One site preset: the [site] keys of a scenario, each with its source, in the
 * site's currency, and the rate converting the catalog's currency into it. */
typedef struct tco_site_preset {
    char *name;     /* its [NAME] */
    char *label;    /* what it is, for people */
    char *currency; /* ISO 4217 code of its values */
    char *as_of;    /* YYYY-MM-DD of its figures */
    int line;       /* of its header */
    unsigned char given[TCO_SITE_KEYS];
    double value[TCO_SITE_KEYS]; /* by key - TCO_SITE_KEY_FIRST */
    char *source[TCO_SITE_KEYS];
    char *fx_code;   /* fx.CODE: a currency whose prices the site converts, or NULL */
    double fx_rate;  /* units of fx_code per one unit of currency ([fx]) */
    char *fx_source; /* fx.CODE.source */
    char *fx_as_of;  /* fx.CODE.as_of */
} tco_site_preset;

/* The presets of one file, in file order. */
typedef struct tco_site_presets {
    char *file;
    size_t n;
    tco_site_preset *presets;
} tco_site_presets;

/* Read the presets file at path: each [NAME] with label, currency, as_of, the
 * site keys in their ranges with a source each, and at most one fx.CODE rate
 * with its source and as_of. TCO_OK with *out set; otherwise *out is NULL and
 * diags says where (FILE:LINE). */
tco_status tco_site_presets_load(const char *path, tco_site_presets **out, tco_diags *diags);

/* The preset named `name`, or NULL. */
const tco_site_preset *tco_site_preset_find(const tco_site_presets *p, const char *name);

void tco_site_presets_free(tco_site_presets *p);

/* ===== Completeness (MODEL.md, Completeness) ===== */

/* The most keys one option can leave out that the completeness rule names. */
#define TCO_MISSING_MAX 4

/* A key an option leaves out whose default leaves a cost at 0 or assumes every
 * hour in use, with its typical size where the catalog knows it. */
typedef struct tco_missing {
    int okey;   /* the option key (a tco_okey: server_price, server_power_w,
                   utilization) */
    int skey;   /* or the site key (a tco_skey: colo_per_kw_month); the
                   other one is -1 */
    double low; /* typical size, in the scenario's currency or W: one value
                   (low == high) or a range; NAN when the catalog has none */
    double high;
} tco_missing;

/* The keys option o of s leaves out, in MODEL.md's order, into out; returns
 * their number (0: o is complete). A key counts as given when the option, its
 * base, its site, [site] or [workload] writes it, even as 0; a catalog's
 * <server> figures fill no key. */
size_t tco_option_missing(const tco_scenario *s, const tco_option *o,
                          tco_missing out[TCO_MISSING_MAX]);

/* The key's spelling ("server_price"). */
const char *tco_missing_key(const tco_missing *m);

/* Bytes per parameter in effect: the key, else 16 for training (mixed
 * precision with Adam) and 2 for inference (FP16 weights). */
double tco_bytes_per_param(const tco_scenario *s);

/* Index of the option with this id, or -1. */
int tco_scenario_find(const tco_scenario *s, const char *id);

/* The index of the [site NAME] section `name` in s->sites, or -1. */
int tco_site_find(const tco_scenario *s, const char *name);

/* The value in effect of site key `key` (TCO_S_ELECTRICITY_PRICE ..
 * TCO_S_COLO_PER_KW_MONTH) for option o: its named site's own value, else the
 * scenario's [site] value (given or the key's default). With o NULL, or o at
 * [site], the [site] value (MODEL.md, Sites). */
double tco_site_value(const tco_scenario *s, const tco_option *o, tco_skey key);

/* Index of the baseline rent option: [scenario] baseline when it names a rent
 * option, else the first rent option; -1 when there is none. */
int tco_scenario_baseline(const tco_scenario *s);
/* 1 when [site] or a named site gives power_cap_kw (MODEL.md, The site's power
 * limit): the outputs then carry each option's limit. */
int tco_scenario_power_capped(const tco_scenario *s);
/* 1 when the scenario has carbon figures (MODEL.md, Carbon): a site gives
 * grid_kgco2e_per_kwh or market_kgco2e_per_kwh, [scenario] gives carbon_price,
 * or an option's section writes one of its carbon keys. */
int tco_scenario_carbon(const tco_scenario *s);
/* The intensity of option o's site in kgCO2e per kWh (MODEL.md, Carbon): which
 * 0 for grid_kgco2e_per_kwh (location-based), 1 for market_kgco2e_per_kwh; NAN
 * when the site (or [site], for a named site that gives neither) gives none. */
double tco_site_carbon(const tco_scenario *s, const tco_option *o, int which);

/* When `path` is one of the files the scenario was read from (the scenario,
 * a file it includes, a catalog it read: the same device and inode, so also
 * through a hard or a symbolic link), the name that file was read by; else
 * NULL (also when nothing is at path, or s is NULL). A tool checks its output
 * path with it, so that an output never replaces an input. */
const char *tco_scenario_input_at(const tco_scenario *s, const char *path);

/* ===== Results ===== */

/* One month of operation (month m is monthly[m-1]). */
typedef struct tco_month {
    TCO_LINE_FIELDS /* the cost lines: power, ..., rental */
        double loan_interest,
        loan_principal;                 /* a loan's payment, split */
    double loan_balance;                /* what the loan still owes, paid at month H */
    double lease_payment, lease_buyout; /* a lease's payment (in advance) and buyout */
    double depreciation;                /* book view, not part of cost */
    double book_value;                  /* book view: at the month's end */
    double tax_depreciation;            /* the tax view's (with [tax]), else 0 */
    double tax;                         /* what the month changes the tax by, negative
                                           when it saves tax (with month H's tax on the
                                           sale); 0 without [tax]; not part of cost */
    double deductible;                  /* what the month deducts from the taxable income:
                                           its cost lines, a lease's payment, a loan's
                                           interest when deductible, the tax depreciation
                                           (with [tax]), else 0 */
    double cost;                        /* sum of the cost lines and the three loan lines */
    double cumulative;                  /* capex + costs to date, residual excluded */
    double lease_vs_buy;                /* a lease with a bought twin: the hardware's flow
                                           bought less leased (MODEL.md, Lease against
                                           buy), else 0 */
    double carbon_cost;                 /* with carbon_in_total, the month's carbon cost,
                                           part of cost and deductible; else 0 */
} tco_month;

/* What the workload needs of one option (all NAN when [workload] does not
 * size a model). */
typedef struct tco_sizing {
    double memory_needed_gb; /* params * bytes_per_param * (1 + overhead) / 1e9 */
    double min_gpus;         /* GPUs whose memory holds it; NAN without memory_gb */
    int fits;                /* 1 fits, 0 does not, -1 unknown */
    double train_hours;      /* wall-clock hours for one training run */
    double train_days;
    double run_gpu_hours;   /* count * train_hours */
    double cost_per_run;    /* run_gpu_hours * cost_per_gpu_hour */
    double runs_in_horizon; /* whole runs in H months at the option's utilization */
    double tokens_per_currency;
    double cost_per_million_tokens; /* inference */
    double cost_per_thousand_requests;
    double gpus_needed; /* to serve requests_per_s */
    double run_flops;   /* 6 * model_params * tokens: one training run */
    double flops_per_s; /* count * fp16_tflops * 1e12 * mfu * scaling_efficiency */
    double per_gpu;     /* requests a second a GPU serves (inference), or 0 */
} tco_sizing;

/* Why a bought option has no break-even utilization (docs/MODEL.md), with its
 * total and the baseline's both affine in the utilization u applied to both. */
typedef enum tco_breakeven_note {
    TCO_BE_NOTE_NONE = 0, /* it has one, or the option has no break-even at all
                             (a rent option, no baseline) */
    TCO_BE_ALWAYS,        /* buying is cheaper at every u in [0,1] */
    TCO_BE_NEVER,         /* buying is dearer at every u in [0,1] */
    TCO_BE_PARALLEL       /* the two totals are equal at every u */
} tco_breakeven_note;

/* The word of a note as every output writes it ("always", "never",
 * "parallel"), or NULL for TCO_BE_NOTE_NONE and out of range. */
const char *tco_breakeven_note_name(tco_breakeven_note note);

/* Why an option cannot do the work of the [workload] (bits of
 * tco_option_result.infeasible; MODEL.md, Feasibility). */
enum {
    TCO_INFEASIBLE_MEMORY = 1,    /* its GPUs cannot hold the model (sizing.fits is 0) */
    TCO_INFEASIBLE_RATE = 2,      /* fewer GPUs than requests_per_s needs (gpus_needed) */
    TCO_INFEASIBLE_POWER = 4,     /* provisioned_kw over its site's power_cap_kw */
    TCO_INFEASIBLE_RATE_LIMIT = 8 /* an API option whose max_tokens_per_minute is below
                                     the workload's tokens a minute */
};

/* The reason an option is left out, as a stable English phrase:
 * "model does not fit in memory", "below the target rate", or both joined by
 * "; " (the power bit left out: tco_option_infeasible_text words it). NULL
 * when neither bit is set. */
const char *tco_infeasible_reason(unsigned infeasible);

/* One month's emissions of an option in tCO2e (MODEL.md, Carbon): month 0
 * holds the embodied emissions of what it buys, months 1..H the rest. */
typedef struct tco_carbon_month {
    double kwh;              /* the owned GPUs' electricity: IT load times PUE */
    double scope2_location;  /* kwh * grid_kgco2e_per_kwh / 1000; NAN without it */
    double scope2_market;    /* kwh * market_kgco2e_per_kwh / 1000; NAN without it */
    double scope3_purchased; /* rented GPU-hours * kgco2e_per_gpu_hour / 1000; an API's
                                tokens / 1e6 * kgco2e_per_million_tokens / 1000 */
    double scope3_capital;   /* embodied emissions bought (month 0) */
    double tco2e;            /* scope 2 (market-based when given) + both of scope 3 */
    double carbon_cost;      /* tco2e * carbon_price; NAN when not priced */
} tco_carbon_month;

/* Every figure of one option. Unknown values are NAN (null in JSON). */
typedef struct tco_option_result {
    double utilization;
    int servers;
    double capex_gpu, capex_infra, capex;
    TCO_LINE_FIELDS /* the cost lines' sums over months 1..H: power, ..., rental */
        double residual_fraction,
        residual;
    double total, npv;
    double gpu_hours, units;
    double pflop_hours; /* count * fp16_tflops / 1000 * hours used: the FP16 peak's */
    double cost_per_gpu_hour, cost_per_pflop_hour, cost_per_unit, units_per_s_per_kw;
    double it_kw, provisioned_kw;
    double depreciation, book_value_end;
    double book_value0;              /* the book value at month 0: capex, 0 for a lease or a rent */
    double salvage_value;            /* salvage_fraction of what is depreciated (the capex, or a
                                        lease's buyout): the book and tax views' salvage */
    double commitment_after_horizon; /* rent owed for the term's months past H */
    double commitment_npv;           /* that, each month discounted at its own month */
    double loan_amount;              /* lent at month 0 (loan_fraction * capex); 0 in cash */
    double loan_payment;             /* the level monthly payment */
    double loan_rate_monthly;        /* loan_rate / 12: a month's interest rate */
    double loan_interest, loan_principal;          /* sums over months 1..H */
    double loan_balance_at_horizon;                /* still owed at month H, paid then */
    double lease_payment;                          /* a lease's payment per month */
    double lease_payments, lease_buyout;           /* paid within the horizon (month 0 included) */
    double paid0;                                  /* paid at month 0: capex, less a loan; a
                                                      lease's first payment; a rent's upfront;
                                                      and carbon_cost0 */
    int breakeven_month;                           /* 1..H from which buying stays at or below the
                                                      baseline to month H, or 0 when there is none */
    double breakeven_utilization;                  /* in [0,1], or NAN */
    tco_breakeven_note breakeven_utilization_note; /* why it is NAN */
    double total_per_utilization;                  /* the total's slope in the utilization u */
    double total_at_zero_utilization;              /* total - total_per_utilization * u */
    /* Returns of buying against the baseline (docs/MODEL.md), over the
     * incremental flow c(0..H), the baseline's net cost less this option's:
     * NAN for a rent option and without a baseline. */
    double irr;                      /* annual, (1 + monthly IRR)^12 - 1; NAN when none */
    double mirr;                     /* annual, at the NPV's monthly rate; NAN when none */
    double payback_month;            /* 0..H, or NAN when the cumulative flow ends below 0 */
    double discounted_payback_month; /* likewise, discounted at the NPV's monthly rate */
    const char *irr_note;            /* why irr is NAN (a static English phrase), or NULL
                                        when it is a number or does not apply */
    /* Taxes (docs/MODEL.md, Taxes): NAN without [tax]. */
    double tax0;                          /* month 0's tax */
    double deductible0;                   /* month 0's deduction: a rent option's upfront
                                             or a lease's first payment, else 0 */
    double tax_depreciation;              /* sum of the months' tax depreciation */
    double tax_book_value_end;            /* the tax base less that */
    double tax_on_sale;                   /* at month H, on the residual over the tax book value */
    double commitment_tax;                /* -rate * commitment_after_horizon */
    double tax;                           /* tax0 + the months' tax + commitment_tax */
    double after_tax_total;               /* total + tax */
    double after_tax_npv;                 /* npv with each month's tax at its month */
    double irr_after_tax, mirr_after_tax; /* the returns of the after-tax flow */
    double payback_month_after_tax, discounted_payback_month_after_tax;
    const char *irr_after_tax_note;
    tco_sizing sizing;   /* workload sizing */
    unsigned infeasible; /* TCO_INFEASIBLE_* bits; 0 when the option is feasible
                            (also when the workload does not tell) */
    tco_month *monthly;  /* horizon_months entries */
    double availability; /* A: the share of hours its GPUs serve (MODEL.md, Goodput) */
    /* Lease against buy (MODEL.md): a leased option's bought twin, or -1 (every
     * option not leased, and a lease without a twin); the figures NAN when -1 or
     * when the lease's term ends past the horizon, nal also without a rate. */
    int compare_to;       /* the twin's option index */
    double implied_rate;  /* the lease's implied rate, annual ((1+i)^12 - 1) */
    double nal_rate;      /* the after-tax cost of debt, annual, nominal */
    double nal;           /* net advantage to leasing: > 0, leasing saves */
    double lease_vs_buy0; /* month 0's hardware flow bought less leased (the months':
                             monthly[].lease_vs_buy) */
    /* Tax depreciation by tax year (MODEL.md): NAN without [tax], 0 when the
     * option's tax method is not MACRS or it owns no hardware. */
    double tax_depreciation0;  /* month 0's tax depreciation (in deductible0) */
    double tax_expensing;      /* section 179 expensing, in the first tax year */
    double tax_bonus;          /* bonus depreciation, in the first tax year */
    int tax_convention;        /* 0 half-year (table A-1), 1..4 mid-quarter with the
                                  quarter placed in service (tables A-2..A-5) */
    double power_cap_kw;       /* its site's power limit (MODEL.md, The site's power
                                  limit); NAN for a rent option or a site without one */
    char infeasible_text[128]; /* tco_option_infeasible_text: "" when feasible */
    /* Carbon (MODEL.md, Carbon): sums over months 0..H in tCO2e, NAN when the
     * scenario has none (tco_scenario_carbon) or a figure is unknown. */
    double electricity_kwh;                   /* the owned GPUs' kWh over months 1..H */
    double scope2_location_tco2e;             /* scope 2, location-based */
    double scope2_market_tco2e;               /* scope 2, market-based */
    double scope3_purchased_tco2e;            /* scope 3, category 1: rented GPU-hours or
                                                 an API's tokens */
    double scope3_capital_tco2e;              /* scope 3, category 2: embodied, at month 0 */
    double tco2e;                             /* the option's emissions: the months' tco2e */
    double tco2e_per_unit;                    /* tco2e / units */
    double tco2e_per_million_tokens;          /* inference: tco2e per 1M tokens served */
    double tco2e_per_run;                     /* training: tco2e per training run */
    double embodied_tco2e_per_unit;           /* management metric: scope 3 category 2 spread
                                                 over the units of the horizon */
    double embodied_tco2e_per_million_tokens; /* the same per 1M tokens (inference) */
    double carbon_cost;                       /* tco2e * carbon_price: in total and npv only
                                                 with carbon_in_total */
    tco_carbon_month *carbon;                 /* months 0..H (H + 1 entries), or NULL */
    /* API options (MODEL.md, API options): NAN where they do not apply. */
    double tokens_per_month;            /* an API option's: the workload's tokens a month */
    double api_cost_per_million_tokens; /* an API option's total over its tokens in H months,
                                           per million */
    double breakeven_tokens_per_day;    /* a bought or rented option's: the tokens a day from
                                           which it costs less than the scenario's first API
                                           option; NAN when none */
    int breakeven_tokens_never;         /* 1: none within what the option can serve ("never
                                           at this count"); 0 otherwise */
    double carbon_cost0;                /* with carbon_in_total, month 0's carbon cost (the embodied
                                           emissions'), part of paid0 and deductible then; else 0 */
} tco_option_result;

/* The reason option r is left out, in words (the JSON's infeasible_reason), into
 * buf: tco_infeasible_reason's phrase, then with TCO_INFEASIBLE_POWER "needs N
 * kW, the site has M", joined by "; ". Returns buf, or NULL when r is feasible. */
const char *tco_option_infeasible_text(const tco_option_result *r, char *buf, size_t size);

/* Line `line` of month mo, of an option's result r (its sum over months 1..H):
 * 0 out of range. */
double tco_month_line(const tco_month *mo, tco_cost_line line);
double tco_option_line(const tco_option_result *r, tco_cost_line line);

/* `from`, plus each cost line of mo (of r), added in the list's order: with
 * from -0.0, exactly mo->power + mo->cooling + ... + mo->rental. */
double tco_month_lines_add(double from, const tco_month *mo);
double tco_option_lines_add(double from, const tco_option_result *r);

typedef struct tco_result {
    const tco_scenario *scenario; /* borrowed: must outlive the result */
    int baseline;                 /* index of the baseline rent option, or -1 */
    double monthly_rate;          /* r_m */
    size_t n_options;
    tco_option_result *options; /* in input order */
    size_t *rank;               /* option indices, lowest first by the scenario's
                                   rank_by (the total unless it says otherwise) */
    /* The decision, among feasible options only (MODEL.md, Feasibility): the
     * index of the feasible option with the lowest total (ties: the first in
     * input order), the lowest NPV, the lowest cost per unit of work (among
     * those that have one); -1 when there is none. */
    int cheapest, lowest_npv, lowest_cost_per_unit;
    int best;       /* the first feasible option in rank order (rank_by); -1 when none */
    size_t n_plans; /* the scenario's plans (tco_plan.h) */
    struct tco_plan_result *plans;        /* in file order */
    size_t *plan_rank;                    /* plan indices, best first (MODEL.md, Plans) */
    struct tco_optimize_result *optimize; /* with [optimize], else NULL (tco_plan.h) */
    const struct tco_analysis *analysis;  /* optional, set by the caller after
                                             tco_analyze(); writers include it */
    int horizon_months;                   /* the months of each monthly array */
    double demand_gpu_hours; /* with plans: [demand]'s month 1 in reference GPU-hours before
                                growth and seasonality (with tokens_per_month, its tokens
                                over the reference's tokens an hour); else 0 */
} tco_result;

/* Compute every figure of MODEL.md. The scenario must outlive the result. */
tco_status tco_compute(const tco_scenario *scenario, tco_result **out);
/* The same into *io, a result of an earlier call or NULL: when it has the
 * scenario's number of options and horizon its memory is reused (for callers
 * that compute many times), else it is freed and a new one made. On failure
 * *io is freed and set to NULL. */
tco_status tco_compute_into(const tco_scenario *scenario, tco_result **io);

void tco_result_free(tco_result *result);

/* Add a warning to diags for each option that is not feasible: its GPUs
 * cannot hold the workload's model in memory, or serve its requests_per_s.
 * Returns the number of such options. */
size_t tco_result_check(const tco_result *result, tco_diags *diags);

/* ===== Analyses: sensitivity, utilization sweep, cases, Monte Carlo ===== */

/* One driver's effect on one option, low and high ends. */
typedef struct tco_sens_entry {
    const char *driver;           /* driver name, e.g. "electricity_price" */
    double input_low, input_high; /* the option's input at each end; NAN if it has none */
    double total_low, total_high;
    double npv_low, npv_high;
    double diff_low, diff_high; /* buy option total minus baseline total; NAN otherwise */
    double swing;               /* |high - low| of diff for buy options with a baseline,
                                   else of total */
} tco_sens_entry;

/* The results of every analysis of a scenario. */
typedef struct tco_analysis {
    const tco_result *base; /* borrowed */
    /* Sensitivity: n_drivers entries per option, largest swing first. */
    size_t n_drivers;
    tco_sens_entry *sens; /* option i's entries at sens[i * n_drivers] */
    /* Utilization sweep: every option at utilization 0.05, 0.10, ..., 1.00. */
    size_t n_sweep;
    double *sweep_u;     /* n_sweep values */
    double *sweep_total; /* option i at [i * n_sweep] */
    double *sweep_cost_per_gpu_hour;
    /* Cases, in file order; each result borrows its case's scenario. */
    size_t n_cases;
    tco_result **cases;
    /* Monte Carlo (mc_samples == 0 when there is no [uncertainty]). */
    long mc_samples;
    unsigned long mc_seed;
    size_t mc_bins;   /* histogram of totals (MODEL.md): 0 when no option's total varies */
    double *mc_edges; /* mc_bins + 1 common bin edges, or NULL */
    struct tco_mc_option {
        double total_mean, total_p10, total_p50, total_p90;
        double npv_mean, npv_p10, npv_p50, npv_p90;
        double p_cheapest;       /* share of samples where the option is cheapest */
        double p_beats_baseline; /* buy options: share where total < baseline's; else NAN */
        long *hist;              /* mc_bins counts; NULL when the option's total does
                                    not vary (no uncertain input reaches it) */
    } * mc;                      /* one per option */
    /* Monte Carlo of the plans (MODEL.md, Monte Carlo): one per plan of the
     * scenario, in file order; 0 and NULL without plans or [uncertainty]. */
    size_t mc_n_plans;
    struct tco_mc_plan {
        double total_mean, total_p10, total_p50, total_p90;
        double npv_mean, npv_p10, npv_p50, npv_p90;
        double p_best; /* share of samples where the plan ranks first */
    } * mc_plans;
} tco_analysis;

/* Called now and then during long analyses; `done` of `total` samples. */
typedef void (*tco_progress_fn)(void *user, long done, long total);

/* What a long computation (a search of the cheapest plan, Monte Carlo)
 * reports and asks as it runs, from the computing thread: `progress` now and
 * then with the work done of the total (candidates, samples); `cancelled`
 * as often, nonzero to stop: the computation then returns TCO_ERR_CANCELLED
 * and keeps nothing. Either may be NULL. The library does no I/O and reads
 * no clock for it: a caller shows a bar and watches for an interrupt. */
typedef struct tco_run {
    tco_progress_fn progress;
    int (*cancelled)(void *user);
    void *user;
} tco_run;

/* tco_compute and tco_analyze with run's callbacks (run may be NULL). */
tco_status tco_compute_with(const tco_scenario *scenario, const tco_run *run, tco_result **out);
tco_status tco_analyze_with(const tco_result *base, const tco_run *run, tco_analysis **out);

/* Run every analysis of the result's scenario. `progress` may be NULL.
 * TCO_ERR_LIMIT when Monte Carlo's samples x (options + plans) exceed TCO_MAX_MC_VALUES
 * or a distribution lands in its key's range with probability below 1%
 * (docs/MODEL.md; the loader refuses both, a scenario built by a program may
 * hold them). */
tco_status tco_analyze(const tco_result *base, tco_progress_fn progress, void *user,
                       tco_analysis **out);
void tco_analysis_free(tco_analysis *analysis);

/* ===== Depreciation functions (spreadsheet semantics) ===== */

/* SLN: straight-line charge per period. */
double tco_sln(double cost, double salvage, double life);
/* SYD: sum-of-years' digits charge for period `per` (1-based). */
double tco_syd(double cost, double salvage, double life, double per);
/* DDB: declining balance charge for period `per` at `factor` (2 = double). */
double tco_ddb(double cost, double salvage, double life, double per, double factor);
/* VDB: declining balance between periods start and end, switching to straight
 * line when that is larger unless no_switch. Follows the spreadsheet function. */
double tco_vdb(double cost, double salvage, double life, double start, double end, double factor,
               int no_switch);
/* MACRS half-year percentage (as a fraction) for year `year` (1-based) of
 * 5- or 7-year property (IRS Pub. 946 table A-1); 0 outside the table. */
double tco_macrs_rate(int property_years, int year);
/* The same under convention `convention`: 0 the half-year (table A-1), 1..4
 * the mid-quarter for property placed in service in that quarter of the tax
 * year (tables A-2..A-5); 0 outside the tables. */
double tco_macrs_rate_at(int property_years, int convention, int year);
/* Annual charge of option o in year `year` (1-based) by its method; 0 after the
 * life ends or for rent options. `capex` is B. */
double tco_depreciation_annual(const tco_option *o, double capex, int year);
/* Life in years in effect: depreciation_years, or 6/8 for MACRS. */
int tco_depreciation_life(const tco_option *o);

/* ===== Writers ===== */

/* Write the JSON of MODEL.md to a stream: its first member is
 * "format_version": TCO_REPORT_FORMAT_VERSION (tco_compare.h), its layout
 * docs/report.schema.json. */
tco_status tco_report_write_json_stream(const tco_result *result, FILE *out);

/* Write a file atomically: a temporary file beside `path`, then rename. On
 * failure an error is added to diags and any existing file is untouched. */
tco_status tco_report_write_json(const tco_result *result, const char *path, tco_diags *diags);

/* ===== Workbook templates ===== */

/* A workbook template (an XML file in templates/): every user-visible label, the styles
 * (fonts, input style, number formats, colours) and the choice and order of
 * sheets and charts. The figures and formulas never depend on it. */
typedef struct tco_template tco_template;

/* Parse securely (as catalogs are) and validate against the template schema
 * compiled into the library; FILE:LINE errors go to diags. */
tco_status tco_template_load_file(const char *path, tco_template **out, tco_diags *diags);
tco_status tco_template_load_string(const char *xml, size_t size, const char *name,
                                    tco_template **out, tco_diags *diags);
void tco_template_free(tco_template *tpl);

/* When `path` is the file the template was read from, the name it was read
 * by; else NULL (see tco_scenario_input_at). */
const char *tco_template_input_at(const tco_template *tpl, const char *path);

/* The template's language tag, e.g. "en" or "zh-CN". */
const char *tco_template_language(const tco_template *tpl);

/* Options of the workbook writer. */
typedef struct tco_xlsx_options {
    long long created; /* creation time (Unix seconds), or -1 for the scenario's as_of, else 0 */
    const tco_template *tpl; /* labels and styles, or NULL for the built-in English ones */
    int constant_memory;     /* 1: row by row whatever the size; 0: by size, row by row
                                above 1,000 option-months (docs/WORKBOOK.md) */
} tco_xlsx_options;

/* Write the live workbook (see docs/WORKBOOK.md), atomically, to `path` as
 * tco_write_atomic does (devices and FIFOs included).
 *
 * libxlsxwriter does not check its writes to its own temporary files (one per
 * part, and in constant_memory mode one per sheet, in the system's temporary
 * directory), and may crash after a failed
 * allocation. A process that ignores SIGXFSZ under a file size limit could
 * thus get a workbook with a sheet cut short; one under an address-space
 * limit could crash. The tco tool writes workbooks in a child process with
 * SIGXFSZ at its default, so that either ends the child alone. */
tco_status tco_report_write_xlsx(const tco_result *result, const char *path,
                                 const tco_xlsx_options *opts, tco_diags *diags);

/* ===== CSV and Markdown writers ===== */

/* Write the summary as CSV (RFC 4180: comma-separated, CRLF line ends, a text
 * field quoted when it holds a comma, a semicolon, a tab, a double quote, CR
 * or LF, its quotes doubled; UTF-8 without a byte-order mark). A semicolon or
 * a tab is quoted because spreadsheets in many locales split fields there.
 *
 * A header row, then one row per option in input order. The columns are the
 * fields of the result field table (tco/core/fields.c) that the CSV shows, in
 * the table's order, named as in the JSON output (the CSV shows the same
 * per-option fields as the JSON). Numbers are the shortest text that reads
 * back as the same double (tco_format_double); unknown values are empty fields.
 *
 * `monthly` holds TCO_CSV_* bits. With TCO_CSV_MONTHLY (1: any odd value),
 * a blank line follows, then a long-format table with the header id, month,
 * paid0, the cost lines (TCO_COST_LINES: power, ..., rental), the loan's and
 * the lease's lines when an option has them, depreciation (and the tax's two
 * columns with [tax]), cost, residual, commitment_after_horizon, cumulative,
 * and one row per option and month 0..H: month 0 pays paid0, month H has the
 * residual (negative) and what is owed past the horizon, and the cumulative
 * ends at the option's total (docs/MODEL.md, The monthly CSV). With
 * TCO_CSV_FISCAL_YEARS, a
 * blank line and the budget (docs/MODEL.md, Fiscal years and the budget)
 * follow: the header id, year, from, to, first_month, last_month, months,
 * partial (1 or 0) and the columns of tco_budget_col_name, one row per option
 * and fiscal year. With TCO_CSV_STATEMENTS, a blank line and the statements
 * (docs/MODEL.md, Statements by fiscal year) follow: the header option, year,
 * lease_accounting, lease_rate, lease_rate_source and the columns of
 * tco_stmt_col_name, one row per option and fiscal year.
 *
 * CSV injection: a text field (id, label, gpu) that begins with '=', '+', '-',
 * '@', TAB or CR would be read as a formula by a spreadsheet, so it is written
 * with a single quote in front ("'=1+2"), and quoted, as the OWASP guidance on
 * CSV injection recommends. Read such a field back by dropping the quote. The
 * rule goes by column, not by content: a text field is guarded even when it
 * reads as a number (a label "-5" is written "'-5"), and a number field is
 * written as the number it is (-5), never with a quote. */
enum { TCO_CSV_MONTHLY = 1, TCO_CSV_FISCAL_YEARS = 2, TCO_CSV_STATEMENTS = 4 };
tco_status tco_report_write_csv_stream(const tco_result *result, FILE *out, int monthly);

/* The same, written atomically to `path` (see tco_report_write_json). */
tco_status tco_report_write_csv(const tco_result *result, const char *path, int monthly,
                                tco_diags *diags);

/* Write a Markdown summary for chat and pull requests: a heading with the
 * scenario name, a line with the horizon, currency and baseline, and a table
 * of the options ranked by total (cheapest first) with total, NPV, cost per
 * GPU-hour, break-even month and break-even utilization (the fields of the
 * result field table, tco/core/fields.c, that Markdown shows). Money has
 * thousands separators and 2 decimals; unknown values are "n/a".
 *
 * Text from the scenario (name, labels) is escaped so that it shows as
 * written and cannot break the table or inject markup: the characters
 * \ | * _ ` [ ] < > & # ~ get a backslash, a leading + - = ! does too, and
 * line breaks and other control characters become spaces. */
tco_status tco_report_write_md_stream(const tco_result *result, FILE *out);

/* The same, written atomically to `path`. */
tco_status tco_report_write_md(const tco_result *result, const char *path, tco_diags *diags);

/* ===== Atomic output ===== */

/* A writer of a whole output to a stream, such as a wrapper around
 * tco_report_write_json_stream. Returns TCO_OK, or an error status when the
 * output could not be written (ferror(out), or a failure of its own). */
typedef tco_status (*tco_write_fn)(FILE *out, const void *arg);

/* Write `path` atomically with `write(out, arg)`: the output goes to a new
 * temporary file beside `path` (".NAME.XXXXXX", with the permissions a new
 * file gets), which is flushed, synced to disk and then renamed over `path`,
 * so that a reader sees the old file or the new one, never half of one, even
 * after a crash. On failure (TCO_ERR_IO, TCO_ERR_NOMEM) the temporary file is
 * removed, an existing `path` is untouched and an error about `path` in diags
 * says why ("cannot write: REASON"), unless the writer added an error of its
 * own to diags; TCO_ERR_ARG when path or write is NULL.
 *
 * The temporary file is ".NAME.XXXXXX", NAME cut on a UTF-8 character
 * boundary when the whole would pass 255 bytes. A file replaced keeps its
 * permission bits, and its owner and group where the process may set them
 * (as root); a new file gets 0666 less the umask. When `path` is a symbolic
 * link, the file it leads to is replaced and the link stays; a link that
 * leads nowhere is an error. A character device or a FIFO (/dev/null,
 * /dev/stdout, a named pipe) is written in place, since a rename would
 * replace it: it is opened without creating or truncating, a FIFO without
 * waiting ("cannot write: no reader on the FIFO" when no process reads it),
 * and what was written before a failure stays written. A directory, a block
 * device or a socket is an error. The library's JSON, CSV and Markdown files
 * are written so, and its workbooks through the same temporary file, sync
 * and rename (for a device or a FIFO, a temporary file in $TMPDIR or /tmp,
 * copied there).
 *
 * @code
 *   static tco_status put(FILE *out, const void *arg)
 *   {
 *       fputs(arg, out);
 *       return ferror(out) ? TCO_ERR_IO : TCO_OK;
 *   }
 *   ...
 *   tco_write_atomic("note.txt", put, "hello\n", diags);
 * @endcode */
tco_status tco_write_atomic(const char *path, tco_write_fn write, const void *arg,
                            tco_diags *diags);

#ifdef __cplusplus
}
#endif

/* Fiscal years and the budget, price catalogs, comparing two scenarios, importing a
 * workbook's Inputs, and capacity plans: declared in their own files, part of this API. */
#include "tco_budget.h"
#include "tco_catalog.h"
#include "tco_compare.h"
#include "tco_import.h"
#include "tco_plan.h"
#include "tco_statements.h"

#endif /* TCO_H */
