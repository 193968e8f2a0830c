/* ini.h - what the modules of the INI scenario loader share: the loader's
 * state and each module's functions. Private to tco/load/ini*.c:
 *   ini.c          the public load functions and the loader's life: it runs
 *                  the passes in order;
 *   ini_util.c     what every pass uses: arrays, messages, suggestions, lists,
 *                  paths, the key tables as the passes read them; it calls no
 *                  pass;
 *   ini_scan.c     pass 1, the line scan;
 *   ini_keys.c     passes 2 and 3: inih's pairs, values, defaults, checks;
 *   ini_include.c  included files (include = PATH, ...);
 *   ini_catalog.c  price catalogs, and options filled from them;
 *   ini_fx.c       [fx]: the exchange rates catalog prices are converted by;
 *   ini_refs.c     keys that name other keys ([sensitivity], [uncertainty],
 *                  [case NAME]) and inheritance (base = OPTION);
 *   ini_auto.c     options sized to the workload (count = auto);
 *   ini_site.c     named sites ([site NAME], an option's site =, a site's
 *                  currency);
 *   ini_complete.c the warning of an option that leaves out a cost;
 *   ini_plan.c     [demand], its file, and [plan NAME];
 *   ini_optimize.c [optimize];
 *   ini_discount.c [discount NAME], and the offer an option with
 *                  offer = cheapest picks. */
#ifndef TCO_LOAD_INI_H
#define TCO_LOAD_INI_H

#include "tco.h"

#include <stddef.h>

/* ===== The loader's state ===== */

/* A message found while loading; all are sorted and handed to the caller's
 * diagnostics at the end. */
typedef struct pending {
    int file;      /* index into the scenario's files */
    int line;      /* 0 when the message is about a section, not a line */
    char *section; /* section name for line-less messages, or NULL */
    tco_severity sev;
    char *message;
} pending;

/* The kinds of section. */
enum section_kind {
    SEC_UNKNOWN,
    SEC_SCENARIO, /* sections that appear once: scenario .. fx */
    SEC_SITE,
    SEC_WORKLOAD,
    SEC_SENSITIVITY,
    SEC_UNCERTAINTY,
    SEC_TAX,
    SEC_FX,       /* [fx]: exchange rates; keys are currency codes */
    SEC_DEMAND,   /* [demand] (MODEL.md, Demand) */
    SEC_OPTIMIZE, /* [optimize] (MODEL.md, The cheapest plan) */
    SEC_OPTION,   /* [option ID] */
    SEC_CASE,     /* [case NAME] */
    SEC_SITE_AT,  /* [site NAME] */
    SEC_PLAN,     /* [plan NAME] */
    SEC_DISCOUNT  /* [discount NAME] (MODEL.md, Negotiated discounts) */
};

/* A section header found by the line scan. */
typedef struct section {
    int file; /* index into the scenario's files */
    enum section_kind kind;
    int line;  /* line of the header */
    int index; /* option, case or site index for SEC_OPTION, SEC_CASE and
                  SEC_SITE_AT, else -1 */
    int valid; /* 0 when the header was reported as an error */
} section;

/* A key = value pair recorded by the inih handler. */
typedef struct entry {
    int file; /* index into the scenario's files */
    int line;
    int section; /* index into loader.sections */
    int key;     /* tco_skey or tco_okey by the section's kind; -1 in sections
                    whose keys name other keys (cases, sensitivity, uncertainty) */
    char *name;  /* the key as written, for key == -1 */
    char *value; /* trimmed, surrounding double quotes removed */
} entry;

/* A value in double quotes, as the line scan found it in the text of the
 * file being read: inih would cut it at a " ;" inside the quotes. */
typedef struct quoted {
    int line;
    const char *value; /* the opening quote, in the file's text */
    size_t len;        /* up to and with the closing quote */
} quoted;

/* The state of one load: the scenario being built, and what the passes
 * record of every file read. */
typedef struct loader {
    const char *file;  /* the scenario's own file, as named */
    int cur;           /* index of the file being read or checked */
    size_t sec_begin;  /* first section of the file being read */
    int *opt_file;     /* per option: the file of its first header */
    int *case_file;    /* per case: likewise */
    int depth;         /* include nesting */
    int allow_include; /* loading from a file: `include =` may read files */
    int *includer;     /* per file: the file that included it; -1 for the first */
    tco_scenario *s;   /* scenario being built */
    pending *msgs;     /* messages, in the order found */
    size_t n_msgs;
    section *sections; /* every header, in file order */
    size_t n_sections;
    entry *entries; /* every pair, in file order */
    size_t n_entries;
    unsigned char *bad; /* per line: 1 when the scan reported it */
    quoted *quoted;     /* the file being read: its quoted values, by line */
    size_t n_quoted;
    int n_lines;
    int section_of_kind[SEC_OPTION]; /* header of each once-only section, or -1 */
    int option_headers;              /* [option ...] headers seen, valid or not */
    int catalog_failed;              /* a catalog had errors (reported by its loader) */
    unsigned char *base_failed;      /* per option: its base = could not be followed */
    int samples_line;                /* line of [uncertainty] samples, or 0 */
    size_t suggest_budget;           /* candidates "did you mean" may still compare */
    int nomem;                       /* an allocation failed */
    tco_keydef fx_key;               /* the exchange rate's row, named as the key that
                                        names it (fx.USD), for messages */
    tco_keydef discount_key;         /* a discount's fraction, named as the key that
                                        names it (discount.NAME), for messages */
} loader;

/* ===== ini_util.c: messages and helpers ===== */

/* The name of a section header at `line` (the first len bytes of name), what
 * it names: "option id", "case name", "site name", "plan name". 1 when it is
 * made of letters, digits, '-' and '_', and at most TCO_MAX_ID bytes; else 0
 * after a report. */
int tci_ini_name_ok(loader *L, const char *what, const char *name, size_t len, int line);

/* The entries of a list of named sections ([site NAME], [plan NAME]): what one
 * is called, and where the name (char *), line (int) and file (const char *)
 * of an element of `size` bytes are. */
typedef struct tci_ini_named {
    const char *what; /* "site", "plan" */
    size_t size, name_at, line_at, file_at;
    size_t max; /* how many a scenario may have */
} tci_ini_named;

/* A new header [WHAT NAME] at `line` of the current file, added to the *n
 * entries of *items (a list of kind k): checked (a valid name, not one of
 * theirs, room for one more), then appended zeroed with its name, line and
 * file. The new entry; NULL after a report, or with L->nomem set. */
void *tci_ini_named_add(loader *L, const tci_ini_named *k, void **items, size_t *n,
                        const char *name, size_t len, int line);

/* Room for one more item in an array of n items that only this function has
 * grown: the array, doubled when n is a power of two (or zero), or NULL when
 * out of memory (the array is then as it was). */
void *tci_ini_grow(void *items, size_t n, size_t size);
/* Add a file, included by file `includer` (-1 for the scenario's own), to
 * the scenario's files: its index, or -1 when out of memory. */
int tci_ini_add_file(loader *L, const char *path, tco_file_id id, int includer);
/* Add a message at `line` of the current file (L->cur), or, when line is 0,
 * about `section` (may be NULL). An error, unless tci_ini_as_warning()
 * follows. */
void tci_ini_report(loader *L, int line, const char *section, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Make `file` (one of the scenario's files, or NULL for the scenario's own)
 * the file of the next message; returns `line`, so it can wrap a line
 * argument: tci_ini_report(L, tci_ini_at_file(L, o->key_file[k], kl[k]), ...). */
int tci_ini_at_file(loader *L, const char *file, int line);
/* Turn the last message reported into a warning. */
void tci_ini_as_warning(loader *L);
/* The closest of n candidates to word (see util/suggest.h), or NULL; NULL
 * too once the load has compared TCI_SUGGEST_BUDGET candidates. */
const char *tci_ini_closest(loader *L, const char *word, const char *const *cands, size_t n);
/* The option id of s closest to word, or NULL (as tci_ini_closest). */
const char *tci_ini_closest_option(loader *L, const tco_scenario *s, const char *word);
/* Move *a past the white space that starts [*a, *b) and *b before the white
 * space that ends it. */
void tci_ini_trim(const char **a, const char **b);
/* The next item of the comma-separated *list, trimmed: its start, with its
 * length (0 for an empty item) in *len. *list moves past the item's comma,
 * or becomes NULL after the last item. */
const char *tci_ini_list_item(const char **list, size_t *len);
/* `rel` taken relative to the directory of `file` (unless it is absolute);
 * NULL when out of memory. */
char *tci_ini_path_beside(const char *file, const char *rel, size_t rel_len);
/* The scenario's and the options' key tables, as tci_ini_find_key reads them. */
const tco_keydef *tci_ini_skey(int i);
const tco_keydef *tci_ini_okey(int i);
/* The index of the key `name` in a key table (in `section` unless that is
 * NULL), or -1. */
int tci_ini_find_key(const tco_keydef *(*get)(int), int count, const char *section,
                     const char *name);
/* Set every number, whole number and choice of a key table to its default. */
void tci_ini_apply_defaults(void *base, const tco_keydef *(*get)(int), int count);

/* ===== ini_scan.c: pass 1 ===== */

/* Names of the sections that appear once, indexed by kind - SEC_SCENARIO. */
extern const char *const tci_ini_section_names[SEC_OPTION - SEC_SCENARIO];
/* A NUL byte in the text: report its line and return 1 (not a text file). */
int tci_ini_nul_byte(loader *L, const char *text, size_t size);
/* Check every line of the current file; record its section headers. */
void tci_ini_scan_lines(loader *L, const char *text, size_t size);

/* Load `size` bytes of text as the scenario file at `path` (its includes,
 * catalogs and demand file read beside it, as from the file itself). */
tco_status tci_scenario_load_as(const char *text, size_t size, const char *path,
                                const tco_load_options *opts, tco_scenario **out, tco_diags *diags);

/* A `key = value ; comment` line as the loader reads it (inih's rules: the key
 * runs to the first '=' or ':', a ';' after a space or tab starts a comment,
 * and a value that starts with a double quote runs to the first quote followed
 * by nothing but spaces, or by spaces and a ';' comment): the offsets in the
 * line of the key and of the value as written (trimmed; its quotes included).
 * quoted: 1 for a value in closed quotes, -1 for an opening quote that no
 * quote closes (an error), else 0. The one reading of a key line, for the
 * loader and for `tco import`'s rewriter. */
typedef struct tci_ini_pair {
    size_t key, key_len, value, value_len;
    int quoted;
} tci_ini_pair;

/* The pair of the len bytes at p (a line without its ending): 1 for a key
 * line, 0 for a blank line, a comment, a header or a line without '=' or
 * ':'. */
int tci_ini_lex_pair(const char *p, size_t len, tci_ini_pair *pair);

/* 1 when text t, written plain after `key = `, would not read back as itself
 * (tci_ini_lex_pair): it starts or ends with a space, starts with a quote, or
 * holds a ';' after a space or tab (a comment); it is then written in double
 * quotes, which read back as t unless t holds a quote of its own. */
int tci_ini_needs_quotes(const char *t);

/* ===== ini_keys.c: passes 2 and 3 ===== */

/* Passes 1 and 2 over the text of the file being read (L->cur): the line
 * scan, then inih's pairs. */
void tci_ini_read_text(loader *L, const char *text, size_t size);
/* Is s a plain decimal number, [+-]digits[.digits][e[+-]digits] (digits
 * alone when `integer`)? */
int tci_ini_is_plain_number(const char *s, int integer);
/* The plain number v into *x: 0, or 1 when it is too large for a double
 * (1e999), or -1 when it is not 0 but too close to 0 to be held without
 * losing digits (1e-400, 1e-310: an underflow). */
int tci_ini_strtod(const char *v, double *x);
/* What a value that is not a plain number most likely means for key k: a
 * number with a multiplier ("35k"), a currency sign or code ("$35,000",
 * "35000 USD"), a time unit on a key in months or years ("3 years"), a
 * percentage ("5 %"). Returns 1 with the number meant in *x, whether it was
 * a percentage in *percent, and the advice ("write 35000, without the
 * currency sign") in advice; 0 when there is no such reading. */
int tci_ini_fix_number(const tco_keydef *k, const char *v, double *x, int *percent, char *advice,
                       size_t size);
/* Convert one value into its field. Returns 1 when stored; else reported. */
int tci_ini_set_value(loader *L, void *base, const tco_keydef *k, const char *v, int line);
/* Convert text v as the loader converts key k's value, outside a load (for
 * values read elsewhere: a workbook's): 0 when it is one of k's values, with
 * an enumeration's index in *index or a text's copy in *text (malloc'd);
 * -1 with the loader's message in msg (without a line); -2 when out of
 * memory. For the text types and enumerations only. */
int tci_ini_convert(const tco_keydef *k, const char *v, int *index, char **text, char *msg,
                    size_t size);
/* Read `seasonality`'s list (ini_plan.c): 12 numbers from 0 to 12 that sum
 * to 12, into season[]. 0, or -1 with the loader's message in msg. */
int tci_ini_seasonality(const char *list, double season[12], char *msg, size_t size);
/* Report key k of option o, at `line`, as one for the other way to acquire. */
void tci_ini_wrong_acquire(loader *L, int line, const tco_option *o, const tco_keydef *k);
/* API options (MODEL.md, API options; ini_api.c). 1 when option key k does
 * not apply to option o, by its acquire: a buy key on a rent option and the
 * reverse, an API option's key on any other, and any key but label, acquire,
 * base, price_decline and its own on an API option. */
int tci_ini_key_wrong(const tco_option *o, int k);
/* The checks of API option o (option number index): no count, its two
 * prices, a workload that gives its tokens. */
void tci_ini_check_api_option(loader *L, tco_option *o, int index);
/* [workload]'s input_tokens_per_request and output_tokens_per_request: both,
 * and tokens_per_request is their sum (derived when not given, an error at
 * its line when it differs); one, and tokens_per_request gives the other. */
void tci_ini_check_tokens(loader *L);
/* [scenario] carbon_in_total = yes (MODEL.md, The carbon cost in the total;
 * ini_carbon.c): an error at its line without carbon_price, with plans, or
 * with an option whose emissions are unknown. */
void tci_ini_check_carbon_total(loader *L);
/* Append the pair e (its file, line, section and key) to those recorded,
 * with a copy of the first len bytes of value and of name (NULL for none).
 * 0 when out of memory (L->nomem). */
int tci_ini_add_entry(loader *L, entry e, const char *value, size_t len, const char *name);
/* Pass 3: convert every recorded value of the scenario's sections and the
 * options into its field. */
void tci_ini_convert_entries(loader *L);
/* Checks that involve several keys of the scenario, and every option's. */
void tci_ini_check_scenario(loader *L);

/* ===== ini_include.c: included files ===== */

/* Read the files that file `from` includes, in the order it names them. */
void tci_ini_read_includes(loader *L, int from);

/* ===== ini_catalog.c: catalogs ===== */

/* Read the shipped catalogs, the scenario's `catalog =` list (comma-separated,
 * relative to the scenario), then the caller's extra catalogs. TCO_ERR_NOMEM
 * when out of memory, else TCO_OK. */
tco_status tci_ini_read_catalogs(loader *L, const tco_load_options *opts, tco_diags *diags);
/* Fill every option from the catalog entries it names: what the scenario
 * does not give itself. */
void tci_ini_fill_from_catalog(loader *L, const tco_load_options *opts);

/* ===== ini_fx.c: exchange rates ===== */

/* Read the [fx] pairs into the scenario's rates (after the scenario's
 * currency is known), reporting a bad code, rate or key at its line. */
void tci_ini_read_fx(loader *L);
/* The index of currency `code`'s rate in the scenario's [fx], or -1. */
int tci_ini_fx_find(const tco_scenario *s, const char *code);
/* Warn at its line about a rate whose as_of is more than stale_after_months
 * before `today` (NULL: no date to judge by). */
void tci_ini_fx_age(loader *L, const char *today);

/* ===== ini_refs.c: keys that name other keys, inheritance ===== */

/* Give every option with a base the keys it inherits. */
void tci_ini_inherit_bases(loader *L);
/* Pass 4: [sensitivity] and [uncertainty], then the cases (when with_cases). */
void tci_ini_resolve_sections(loader *L, int with_cases);

/* ===== ini_auto.c: count = auto ===== */

/* Size every option of L->s whose count is `auto` to the [workload]
 * (MODEL.md, Feasibility); report, at the count's line, an option that
 * cannot be sized. Runs after the catalogs filled the options. */
void tci_ini_size_auto(loader *L);

/* ===== ini_site.c: named sites ===== */

/* A new [site NAME] (the first len bytes of name) at `line` of the current
 * file: its index, or -1 when the name is invalid, repeated or one too many
 * (reported), or out of memory. */
int tci_ini_begin_site(loader *L, const char *name, size_t len, int line);
/* Convert value v of site key `key` (a tco_skey of [site]), given at `line`
 * of `file`, into site t. 1 when stored; else reported. */
int tci_ini_set_site_value(loader *L, tco_site *t, int key, const char *v, int line,
                           const char *file);
/* Set buy option o's site_no from its `site`; an unknown site is reported at
 * the key's line, with the closest site name. */
void tci_ini_resolve_site(loader *L, tco_option *o);
/* 1 when buy option o takes electricity_price from [site] (its site does not
 * give its own). */
int tci_ini_needs_site_price(const tco_scenario *s, const tco_option *o);
/* A warning at the header of every named site that no option uses. */
void tci_ini_warn_unused_sites(loader *L);
/* `currency =` at `line` of section si: 1 when it is recorded (a [site NAME]'s
 * first); 0 after a report (in [site], or repeated). */
int tci_ini_site_currency_wanted(loader *L, int si, int line);
/* Read each named site's `currency =` (after [fx]) and convert the money keys
 * written in its section, and in the sections of the buy options placed at it,
 * by its rate (MODEL.md, Sites): the value as written kept beside. */
void tci_ini_site_currency(loader *L);

/* ===== ini_complete.c ===== */

/* A warning at the header of every option that leaves out a cost
 * (tco_option_missing; MODEL.md, Completeness). */
void tci_ini_warn_incomplete(loader *L);

/* ===== ini_plan.c: demand and plans ===== */

/* A new [plan NAME] (the first len bytes of name) at `line` of the current
 * file: its index, or -1 when the name is invalid, repeated or one too many
 * (reported), or out of memory. */
int tci_ini_begin_plan(loader *L, const char *name, size_t len, int line);

/* ===== ini_discount.c: negotiated discounts and the cheapest offer ===== */

/* A new [discount NAME] header at `line` of the current file: its index,
 * or -1 after a report. */
int tci_ini_begin_discount(loader *L, const char *name, size_t len, int line);
/* The keys of every [discount NAME], checked against the catalogs read
 * (after tci_ini_read_catalogs, before tci_ini_fill_from_catalog). */
void tci_ini_read_discounts(loader *L);
/* Rent option o with offer = cheapest: the offer its filters pick, set as
 * o->offer_entry with o->offer_candidates; 0 after a report (no match, a bad
 * filter), else 1. */
int tci_ini_pick_cheapest(loader *L, tco_option *o);
/* The offer_* keys of option o, which only offer = cheapest takes, checked:
 * 0 after a report, else 1. */
int tci_ini_check_offer_keys(loader *L, tco_option *o);
/* Convert [demand]'s and every plan's keys, read the demand file, resolve
 * each plan's parts to options; after the options are complete. */
void tci_ini_read_plans(loader *L);
/* Case c's scenario (L->s) checked against its plans: an API overflow needs
 * the reference's throughput (MODEL.md, An API as a plan's overflow). */
void tci_ini_check_case_plans(loader *L, const tco_case *c);
/* A case whose horizon is longer than the demand file's values: an error at
 * its header. */
void tci_ini_check_case_demand(loader *L);
/* The line of key `name` in the section of kind `kind` (and plan `index`),
 * with its file made the current one; 0 when it is not given. */
int tci_ini_section_key_at(loader *L, enum section_kind kind, int index, const char *name);
/* One pair of a section with its own key table (get, n rows; at most
 * TCI_D_COUNT + TCI_P_COUNT) into base; an unknown key is reported with the
 * closest of the table's keys, naming the section `secname`. */
void tci_ini_convert_pair(loader *L, const entry *e, void *base, const tco_keydef *(*get)(int),
                          int n, const char *secname);

/* ===== ini_optimize.c: the cheapest plan ===== */

/* Convert [optimize]'s keys and check them against the plans; after
 * tci_ini_read_plans. */
void tci_ini_read_optimize(loader *L);

#endif /* TCO_LOAD_INI_H */
