/* book.c - an xlsx file written atomically. */
#include "write/xlsx/book.h"

#include <string.h>

/* See documentation in header file. */
tco_status xw_book_open(xw_book *b, const char *path, int constant_memory, tco_diags *diags)
{
    b->wb = NULL;
    tco_status st = tci_outfile_reserve(&b->out, path, diags);
    if (st != TCO_OK)
        return st;
    lxw_workbook_options wo;
    memset(&wo, 0, sizeof wo);
    wo.constant_memory = constant_memory ? LXW_TRUE : LXW_FALSE;
    b->wb = workbook_new_opt(b->out.tmp, &wo);
    if (!b->wb) {
        tci_outfile_abort(&b->out);
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      "out of memory");
        return TCO_ERR_NOMEM;
    }
    return TCO_OK;
}

lxw_error xw_book_close(xw_book *b)
{
    lxw_error e = b->wb ? workbook_close(b->wb) : LXW_NO_ERROR;
    b->wb = NULL;
    return e;
}

tco_status xw_book_commit(xw_book *b, int ok, tco_diags *diags)
{
    if (ok)
        return tci_outfile_commit(&b->out, diags); /* syncs, then renames */
    tci_outfile_abort(&b->out);
    return TCO_ERR_IO;
}
