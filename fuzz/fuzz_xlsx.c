/* fuzz_xlsx.c - libFuzzer harness for `tco import`: the workbook reader
 * (tco/load/xlsx_read.c: the zip's checks and limits, the parts' secure
 * parse, the shared strings, every sheet's cells, the defined names and the
 * reference of TcoInputsLayout), then the whole import (tco/load/import.c:
 * the Inputs rows mapped to the keys of a fixed scenario, loaded once, with
 * a named site, an exchange rate, [tax], a loan, a reserved term, [demand]
 * and two plans found by their defined names; each value converted and
 * checked, an edit of a row no key maps refused) and the scenario's rewrite
 * (import_ini.c), loaded in full as `tco import -o` loads it before writing:
 * the loader takes what the rewriter writes, or refuses it with messages.
 *
 * An input that does not begin with "PK" is the Inputs sheet's XML, put in a
 * workbook made here (stored, with the right CRC), so that the mutations reach
 * the sheet's parse instead of stopping at the zip's checksums.
 *
 * Besides the sanitizers' checks it asserts the reader's contract: a failed
 * open says why; every cell read is inside the sheet's bounds and a text cell
 * has its text. */
#include "load/xlsx_read.h"

#include <stdio.h>
#include <unistd.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* A broken promise is a crash libFuzzer keeps, in every build (an assert
 * would vanish with NDEBUG, and with it any call inside it). */
#define CHECK(x)                                                                                   \
    do {                                                                                           \
        if (!(x))                                                                                  \
            abort();                                                                               \
    } while (0)

static const char workbook_xml[] =
    "<workbook xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
    "<sheets><sheet name=\"Inputs\" sheetId=\"1\" r:id=\"rId1\"/></sheets><definedNames>"
    "<definedName name=\"TcoInputsLayout\">Inputs!$I$4</definedName>"
    "<definedName name=\"Plan1_OwnCount\">Inputs!$C$40</definedName>"
    "<definedName name=\"Plan1_ReserveCount\">Inputs!$C$41</definedName>"
    "<definedName name=\"Plan2_OwnCount\">Inputs!$C$43</definedName></definedNames></workbook>";
static const char rels_xml[] = "<Relationships><Relationship Id=\"rId1\" "
                               "Target=\"worksheets/sheet1.xml\"/></Relationships>";
static const char strings_xml[] =
    "<sst><si><t>[site] pue</t></si><si><t>tco-inputs 1</t></si><si><t>[option own]</t></si>"
    "<si><t>depreciation</t></si><si><t>sum-of-years</t></si><si><t>[tax] deduct_interest</t>"
    "</si><si><t>no</t></si><si><t>[fx] EUR</t></si><si><t>[site east] pue</t></si><si><t>"
    "[scenario] start</t></si><si><t>[option cloud]</t></si><si><t>pricing</t></si><si><t>"
    "spot</t></si><si><t>label</t></si><si><t>gpu_price</t></si><si><t>[scenario] name</t>"
    "</si><si><t>[demand] growth</t></si><si><t>[demand] seasonality, 1</t></si><si><t>"
    "own_count</t></si><si><t>reserve_count</t></si><si><t>[demand] gpu_hours_per_month</t>"
    "</si><si><t>[demand] reference</t></si><si><t>spares</t></si></sst>";

/* The fixed scenario the workbooks are mapped to: a file (the rewrite reads
 * it), written once in the temporary directory and loaded once. */
static const char scenario_ini[] =
    "[scenario]\nname = fuzz\nstart = 2027-01\n\n[fx]\nEUR = 0.9\n\n[tax]\nrate = 0.21\n"
    "deduct_interest = yes\n\n[site]\nelectricity_price = 0.1\npue = 1.3\n\n[site east]\n"
    "pue = 1.2\n\n[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\n"
    "site = east\ndepreciation = straight-line\nfinancing = loan\nloan_fraction = 0.5\n"
    "loan_rate = 0.07\nloan_months = 36\n\n[option cloud]\nacquire = rent\ncount = 8\n"
    "price_per_gpu_hour = 2.5\npricing = reserved\nterm_months = 12\n"
    "after_term = on-demand\non_demand_price_per_gpu_hour = 3\n\n[demand]\nreference = own\n"
    "gpu_hours_per_month = 4000\ngrowth = 0.3\n"
    "seasonality = 1.2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.8\n\n"
    "[plan mix]\nown = own\nown_count = 8\nreserve = cloud\n\n[plan own-only]\nown = own\n";

static char scenario_path[4096];

static void remove_scenario(void)
{
    remove(scenario_path);
}

static tco_scenario *fixed_scenario(void)
{
    static tco_scenario *s;
    static int tried;
    if (tried)
        return s;
    tried = 1;
    const char *tmp = getenv("TMPDIR");
    char *path = scenario_path;
    snprintf(path, sizeof scenario_path, "%s/fuzz-xlsx-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    atexit(remove_scenario);
    CHECK(write(fd, scenario_ini, sizeof scenario_ini - 1) == (ssize_t)(sizeof scenario_ini - 1));
    close(fd);
    tco_diags *d = tco_diags_new();
    tco_status st = tco_scenario_load_file(path, &s, d);
    CHECK(st == TCO_OK); /* the rewrite reads the file at each run: it stays */
    tco_diags_free(d);
    return s;
}

static void le(unsigned char *p, unsigned long v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* A stored zip of n parts into out (of room for it); returns its size. */
static size_t stored_zip(unsigned char *out, const char *const *names,
                         const unsigned char *const *data, const size_t *sizes, int n)
{
    size_t pos = 0, offs[4], cd;
    for (int i = 0; i < n; i++) {
        size_t nl = strlen(names[i]);
        unsigned long crc = crc32(0, data[i], (uInt)sizes[i]);
        unsigned char *h = out + pos;
        memset(h, 0, 30);
        le(h, 0x04034b50, 4);
        le(h + 4, 20, 2);
        le(h + 14, crc, 4);
        le(h + 18, sizes[i], 4);
        le(h + 22, sizes[i], 4);
        le(h + 26, nl, 2);
        offs[i] = pos;
        memcpy(h + 30, names[i], nl);
        if (sizes[i])
            memcpy(h + 30 + nl, data[i], sizes[i]);
        pos += 30 + nl + sizes[i];
    }
    cd = pos;
    for (int i = 0; i < n; i++) {
        size_t nl = strlen(names[i]);
        unsigned char *h = out + pos;
        memset(h, 0, 46);
        le(h, 0x02014b50, 4);
        le(h + 4, 20, 2);
        le(h + 6, 20, 2);
        le(h + 16, crc32(0, data[i], (uInt)sizes[i]), 4);
        le(h + 20, sizes[i], 4);
        le(h + 24, sizes[i], 4);
        le(h + 28, nl, 2);
        le(h + 42, offs[i], 4);
        memcpy(h + 46, names[i], nl);
        pos += 46 + nl;
    }
    unsigned char *e = out + pos;
    memset(e, 0, 22);
    le(e, 0x06054b50, 4);
    le(e + 8, (unsigned long)n, 2);
    le(e + 10, (unsigned long)n, 2);
    le(e + 12, pos - cd, 4);
    le(e + 16, cd, 4);
    return pos + 22;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tco_diags *d = tco_diags_new();
    if (!d)
        return 0;
    unsigned char *book = NULL;
    if (!(size >= 2 && data[0] == 'P' && data[1] == 'K')) {
        const char *names[] = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels",
                               "xl/sharedStrings.xml", "xl/worksheets/sheet1.xml"};
        const unsigned char *parts[] = {(const unsigned char *)workbook_xml,
                                        (const unsigned char *)rels_xml,
                                        (const unsigned char *)strings_xml, data};
        size_t sizes[] = {sizeof workbook_xml - 1, sizeof rels_xml - 1, sizeof strings_xml - 1,
                          size};
        book = malloc(size + 4096);
        if (!book) {
            tco_diags_free(d);
            return 0;
        }
        size = stored_zip(book, names, parts, sizes, 4);
        data = book;
    }
    tci_xlsx x;
    tco_status st = tci_xlsx_open_mem(&x, "fuzz.xlsx", data, size, d);
    CHECK(st == TCO_OK || tco_diags_errors(d) > 0);
    for (size_t i = 0; st == TCO_OK && i < x.n_sheets; i++) {
        tci_xlsx_sheet sh;
        if (tci_xlsx_read_sheet(&x, i, &sh) != TCO_OK)
            continue;
        for (size_t k = 0; k < sh.n; k++) {
            const tci_xlsx_cell *c = &sh.cells[k];
            CHECK(c->row >= 0 && c->row < 1048576 && c->col >= 0 && c->col < 16384);
            CHECK(c->kind != TCI_CELL_TEXT || c->text);
            /* A formula keeps its text; a value-less cell is a formula's. */
            CHECK(!c->formula || c->ftext);
            CHECK(c->kind != TCI_CELL_NONE || c->formula);
        }
        tci_xlsx_sheet_free(&sh);
    }
    const tci_xlsx_name *n = st == TCO_OK ? tci_xlsx_name_find(&x, "TcoInputsLayout") : NULL;
    char *sheet;
    int row, col;
    if (n && tci_xlsx_parse_ref(n->value, &sheet, &row, &col) == 0)
        free(sheet);
    tci_xlsx_close(&x);
    /* The whole import: the mapping to the fixed scenario's keys, then the
     * rewrite of its file. */
    const tco_scenario *s = fixed_scenario();
    tco_import *im = NULL;
    size_t errors = tco_diags_errors(d);
    st = tci_import_read_mem("fuzz.xlsx", data, size, s, &im, d);
    CHECK((st == TCO_OK) == (im != NULL));
    CHECK(st == TCO_OK || tco_diags_errors(d) > errors);
    if (st == TCO_OK) {
        for (size_t i = 0; i < im->n; i++) {
            const tco_import_change *c = &im->changes[i];
            CHECK(c->key && c->section && c->name && c->cell[0]);
            for (const char *p = c->new_text; p && *p; p++) /* no C0, DEL or C1 */
                CHECK((unsigned char)*p >= 0x20 && *p != 0x7f &&
                      !((unsigned char)p[0] == 0xC2 && (unsigned char)p[1] >= 0x80 &&
                        (unsigned char)p[1] <= 0x9F));
        }
        char *text = NULL;
        size_t n = 0;
        errors = tco_diags_errors(d);
        st = tco_import_apply(im, s, &text, &n, d);
        CHECK(st == TCO_OK ? text != NULL : tco_diags_errors(d) > errors);
        if (st == TCO_OK) {
            errors = tco_diags_errors(d);
            st = tco_import_verify(im, s, text, n, NULL, d);
            CHECK(st == TCO_OK || st == TCO_ERR_NOMEM || tco_diags_errors(d) > errors);
        }
        free(text);
        tco_import_free(im);
    }
    free(book);
    tco_diags_free(d);
    return 0;
}
