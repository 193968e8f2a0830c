/* fuzz_xlsx.c - libFuzzer harness for the workbook reader of `tco import`
 * (tco/load/xlsx_read.c): the zip's checks and limits, the parts' secure
 * parse, the shared strings, every sheet's cells, the defined names and the
 * reference of TcoInputsLayout.
 *
 * Besides the sanitizers' checks it asserts the reader's contract: a failed
 * open says why; every cell read is inside the sheet's bounds and a text cell
 * has its text. */
#include "load/xlsx_read.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tco_diags *d = tco_diags_new();
    if (!d)
        return 0;
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
    tco_diags_free(d);
    return 0;
}
