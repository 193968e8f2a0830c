/* fuzz_xlsx.c - libFuzzer harness for the workbook reader of `tco import`
 * (tco/load/xlsx_read.c): the zip's checks and limits, the parts' secure
 * parse, the shared strings, every sheet's cells, the defined names and the
 * reference of TcoInputsLayout.
 *
 * An input that does not begin with "PK" is the Inputs sheet's XML, put in a
 * workbook made here (stored, with the right CRC), so that the mutations reach
 * the sheet's parse instead of stopping at the zip's checksums.
 *
 * Besides the sanitizers' checks it asserts the reader's contract: a failed
 * open says why; every cell read is inside the sheet's bounds and a text cell
 * has its text. */
#include "load/xlsx_read.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static const char workbook_xml[] =
    "<workbook xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
    "<sheets><sheet name=\"Inputs\" sheetId=\"1\" r:id=\"rId1\"/></sheets><definedNames>"
    "<definedName name=\"TcoInputsLayout\">Inputs!$I$4</definedName></definedNames></workbook>";
static const char rels_xml[] = "<Relationships><Relationship Id=\"rId1\" "
                               "Target=\"worksheets/sheet1.xml\"/></Relationships>";
static const char strings_xml[] =
    "<sst><si><t>[site] pue</t></si><si><t>tco-inputs 1</t></si></sst>";

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
    assert(st == TCO_OK || tco_diags_errors(d) > 0);
    for (size_t i = 0; st == TCO_OK && i < x.n_sheets; i++) {
        tci_xlsx_sheet sh;
        if (tci_xlsx_read_sheet(&x, i, &sh) != TCO_OK)
            continue;
        for (size_t k = 0; k < sh.n; k++) {
            const tci_xlsx_cell *c = &sh.cells[k];
            assert(c->row >= 0 && c->row < 1048576 && c->col >= 0 && c->col < 16384);
            assert(c->kind != TCI_CELL_TEXT || c->text);
        }
        tci_xlsx_sheet_free(&sh);
    }
    const tci_xlsx_name *n = st == TCO_OK ? tci_xlsx_name_find(&x, "TcoInputsLayout") : NULL;
    char *sheet;
    int row, col;
    if (n && tci_xlsx_parse_ref(n->value, &sheet, &row, &col) == 0)
        free(sheet);
    tci_xlsx_close(&x);
    free(book);
    tco_diags_free(d);
    return 0;
}
