/* xlsx_read.h - a bounded, secure reader of .xlsx workbooks (the cells of one
 * sheet, the defined names) for `tco import`. */
#ifndef TCO_LOAD_XLSX_READ_H
#define TCO_LOAD_XLSX_READ_H

#include "tco.h"

#include <stddef.h>

/* Limits of a workbook: entries in the zip, bytes of one part once inflated
 * (declared and actual), bytes of all parts read, cells of one sheet. */
/* A workbook read back: the file at most TCI_XLSX_MAX_FILE bytes, about six
 * times the largest tco writes (1,000 options over 120 months: 39 MB, 1,037
 * parts, its Inputs sheet 13 MB); each part read, inflated, at most
 * TCI_XLSX_MAX_PART, and those read together at most TCI_XLSX_MAX_TOTAL. */
#define TCI_XLSX_MAX_FILE    ((size_t)256 << 20)
#define TCI_XLSX_MAX_ENTRIES 4096
#define TCI_XLSX_MAX_PART    TCO_MAX_FILE
#define TCI_XLSX_MAX_TOTAL   (4 * (size_t)TCO_MAX_FILE)
#define TCI_XLSX_MAX_CELLS   1000000

typedef enum tci_cell_kind {
    TCI_CELL_NUMBER,
    TCI_CELL_TEXT,
    TCI_CELL_BOOL,
    TCI_CELL_ERROR, /* an error value (#REF!...), in text */
    TCI_CELL_NONE   /* a formula saved without its value: no value to read */
} tci_cell_kind;

typedef struct tci_xlsx_cell {
    int row, col; /* 0-based */
    tci_cell_kind kind;
    int formula; /* the cell holds a formula (<f>) */
    double num;  /* a number (a bool: 0 or 1) */
    char *text;  /* text, an error value, or NULL */
    char *ftext; /* a formula's text as written ("$C$72", no '='; "" for a shared
                    formula's other cells), else NULL */
} tci_xlsx_cell;

typedef struct tci_xlsx_name {
    char *name;
    char *value; /* as written: "Inputs!$C$5", "'My sheet'!$B$2", "=..." */
    int local;   /* a sheet's own name (localSheetId) */
} tci_xlsx_name;

typedef struct tci_xlsx {
    const char *file; /* name in messages */
    tco_diags *diags;
    size_t n_names;
    tci_xlsx_name *names;
    size_t n_sheets;
    char **sheet_names; /* as the workbook names them */
    char **sheet_parts; /* their parts in the zip ("xl/worksheets/sheet2.xml"), or NULL */
    size_t n_strings;
    char **strings; /* the shared strings */
    /* Private. */
    void *zip;
    char *data;
    size_t total; /* bytes inflated so far */
} tci_xlsx;

typedef struct tci_xlsx_sheet {
    size_t n;
    tci_xlsx_cell *cells; /* in document order */
} tci_xlsx_sheet;

/* Open the workbook at path (a regular file of at most TCO_MAX_FILE bytes),
 * or of `size` bytes at data (tci_xlsx_open_mem, which copies nothing: data
 * must outlive x), and read its sheets, defined names and shared strings.
 * Errors go to diags as "FILE: PART:LINE: error: ..."; anything but TCO_OK
 * leaves x to be closed all the same. */
tco_status tci_xlsx_open(tci_xlsx *x, const char *path, tco_diags *diags);
tco_status tci_xlsx_open_mem(tci_xlsx *x, const char *name, const void *data, size_t size,
                             tco_diags *diags);
/* Cell c of Inputs (sheet sh), the value of a money key, in the currency of
 * rate `to` (index + 1 in s->fx; 0: the scenario's), the currency of the
 * section it is written back to (MODEL.md, Sites; import_cell.c): a number
 * (in the scenario's currency) times the rate of `to` on the sheet, as
 * edited; tco's formula P/Fx_CODE (P a number, or the reference to its
 * row's column L that holds it), P itself when CODE is `to`'s, else P
 * converted. 1 with *out; 0 when c holds another formula, or no number. */
int tci_import_money(const tci_xlsx_sheet *sh, const tco_scenario *s, const tci_xlsx_cell *c,
                     int to, double *out);

/* A number of a named section of the scenario that Inputs shows on a row of
 * its own: an exchange rate "[fx] CODE" or a discount "[discount NAME]
 * fraction" (MODEL.md, Negotiated discounts). */
typedef struct tci_import_named {
    tco_keydef kd;     /* its range, for the cell's check */
    char key[300];     /* as the changes name it: "fx.USD", "discount.NAME.fraction" */
    char section[300]; /* "fx", "discount NAME" */
    const char *name;  /* the key in that section: "USD", "fraction" */
    const char *file;  /* where it is written */
    int line;
    double value; /* the scenario's */
} tci_import_named;

/* The rate of currency `name` (discount 0) or the fraction of discount `name`
 * (discount 1) of s into *out (import_cell.c): 1, or 0 when s has none. */
int tci_import_named_find(const tco_scenario *s, int discount, const char *name,
                          tci_import_named *out);

/* Cell c of Inputs is as tco wrote it, as (its column F or G, import_cell.c):
 * both empty, the same number (within the check's tolerance for a formula's,
 * as the Changed flag tests it), the same text. */
int tci_import_same(const tci_xlsx_cell *c, const tci_xlsx_cell *as);

/* A key "HEAD N..." ("buy_at, 2, month", "seasonality, 3"): 1 when name starts
 * with head and an int follows (tco_parse_int: white space, a sign, digits),
 * with *n the int and *rest the text after its digits; else 0 (import_cell.c). */
int tci_import_numbered(const char *name, const char *head, int *n, const char **rest);

/* The bytes at p up to one of `stop` or the end, the first 255 of them into
 * buf (a name or a word of a key): how many there are, all counted
 * (import_cell.c). */
size_t tci_import_take(const char *p, const char *stop, char buf[256]);

/* tco_import_read on the workbook of `size` bytes at data, named `name` in
 * messages (import.c; the entry of the fuzzing harness fuzz_xlsx). */
tco_status tci_import_read_mem(const char *name, const void *data, size_t size,
                               const tco_scenario *s, tco_import **out, tco_diags *diags);
/* The cells of sheet number i (of x->sheet_names). */
tco_status tci_xlsx_read_sheet(tci_xlsx *x, size_t i, tci_xlsx_sheet *out);
void tci_xlsx_sheet_free(tci_xlsx_sheet *s);
void tci_xlsx_close(tci_xlsx *x);
/* The defined name `name` of the workbook (not a sheet's own), or NULL. */
const tci_xlsx_name *tci_xlsx_name_find(const tci_xlsx *x, const char *name);
/* Parse a reference "Sheet!$C$5" or "'It''s'!C5": the sheet's name (malloc'd,
 * quotes undone) and the cell. Returns 0 on success, -1 when it is not one
 * cell of one sheet. */
int tci_xlsx_parse_ref(const char *ref, char **sheet, int *row, int *col);
/* The cell (row, col) of sheet sh, or NULL (a cell without a value). */
const tci_xlsx_cell *tci_xlsx_cell_at(const tci_xlsx_sheet *sh, int row, int col);
/* A formula cell that is one reference to a cell of `sheet` ("$C$72", "C72",
 * "Inputs!$C$72"): 1 and the cell; 2 for a formula whose text is not at hand (a
 * shared formula's other cells); 0 for anything else. */
int tci_xlsx_formula_ref(const tci_xlsx_cell *c, const char *sheet, int *row, int *col);
/* "C14" for row 13, column 2. */
void tci_xlsx_cell_name(char *buf, size_t size, int row, int col);

#endif /* TCO_LOAD_XLSX_READ_H */
